ALTER TABLE "mail_jobs" ADD COLUMN "batch_key" text;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "address_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_jobs_open_batch" ON "mail_jobs" USING btree ("batch_key") WHERE "mail_jobs"."batch_key" is not null and "mail_jobs"."attempts" = 0;--> statement-breakpoint
CREATE INDEX "order_messages_address" ON "order_messages" USING btree ("address_key","created_at");