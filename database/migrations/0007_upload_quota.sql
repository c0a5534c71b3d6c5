ALTER TABLE "documents" ADD COLUMN "ip_hash" text;--> statement-breakpoint
CREATE INDEX "documents_ip_recent" ON "documents" USING btree ("ip_hash","created_at");