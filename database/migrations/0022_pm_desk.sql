ALTER TABLE "jobs" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "copy_agency_on_job_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_manager" ON "jobs" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "jobs_awaiting_reply" ON "jobs" USING btree ("awaiting_reply_since") WHERE "jobs"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE INDEX "orders_manager" ON "orders" USING btree ("manager_id");--> statement-breakpoint
-- A job made before it had a PM of its own belongs to the staff member who made it, when their
-- account is still there; an order to the PM of its first job.
UPDATE "jobs" SET "manager_id" = (SELECT "id" FROM "users" WHERE "users"."name" = "jobs"."created_by" AND "users"."role" IN ('admin', 'manager') ORDER BY "id" LIMIT 1);--> statement-breakpoint
UPDATE "orders" SET "manager_id" = (SELECT "manager_id" FROM "jobs" WHERE "jobs"."order_id" = "orders"."id" AND "jobs"."manager_id" IS NOT NULL ORDER BY "jobs"."id" LIMIT 1);--> statement-breakpoint
-- A translator's message is waiting when nothing the PM wrote came after it.
UPDATE "jobs" SET "awaiting_reply_since" = "last"."created_at" FROM (SELECT DISTINCT ON ("job_id") "job_id", "author", "created_at" FROM "job_messages" WHERE "author" <> 'event' ORDER BY "job_id", "created_at" DESC, "id" DESC) AS "last" WHERE "last"."job_id" = "jobs"."id" AND "last"."author" = 'translator' AND "jobs"."status" <> 'cancelled';
