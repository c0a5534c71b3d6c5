ALTER TABLE "jobs" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "delivered_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "hours" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "review_fee_rule" text DEFAULT 'share' NOT NULL;--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "review_share_percent" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "hourly_rate" numeric(10, 2);