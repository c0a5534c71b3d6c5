CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"size_bytes" bigint,
	"verified" boolean,
	"problem" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "backup_time" text DEFAULT '03:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "backup_keep_daily" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "backup_keep_weekly" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
CREATE INDEX "backups_started_at_idx" ON "backups" USING btree ("started_at");