ALTER TABLE "documents" ADD COLUMN "count_parts" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "correction" jsonb;