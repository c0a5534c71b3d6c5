CREATE TABLE "job_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"stored_name" text NOT NULL,
	"superseded_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"author" text NOT NULL,
	"user_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"translator_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fee" numeric(10, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text DEFAULT 'translation' NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"from_language" text NOT NULL,
	"to_language" text NOT NULL,
	"document_ids" jsonb NOT NULL,
	"words" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"fixed_fee" numeric(10, 2),
	"fee_reason" text DEFAULT '' NOT NULL,
	"translator_id" integer,
	"fee" numeric(10, 2),
	"done_note" text DEFAULT '' NOT NULL,
	"return_note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translator_pairs" (
	"translator_id" integer NOT NULL,
	"from_language" text NOT NULL,
	"to_language" text NOT NULL,
	"rate_per_word" numeric(10, 2) NOT NULL,
	"rate_per_minute" numeric(10, 2),
	CONSTRAINT "translator_pairs_translator_id_from_language_to_language_pk" PRIMARY KEY("translator_id","from_language","to_language")
);
--> statement-breakpoint
CREATE TABLE "translator_payouts" (
	"translator_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translator_payouts_translator_id_month_pk" PRIMARY KEY("translator_id","month")
);
--> statement-breakpoint
CREATE TABLE "translators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "translators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"team_member_id" integer,
	"daily_capacity" integer DEFAULT 2500 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"locale" text DEFAULT 'da' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translators_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "offer_expiry_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translator_pairs" ADD CONSTRAINT "translator_pairs_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translator_payouts" ADD CONSTRAINT "translator_payouts_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translators" ADD CONSTRAINT "translators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translators" ADD CONSTRAINT "translators_team_member_id_team_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_files_job" ON "job_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_messages_job" ON "job_messages" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_offers_job_translator" ON "job_offers" USING btree ("job_id","translator_id");--> statement-breakpoint
CREATE INDEX "job_offers_translator" ON "job_offers" USING btree ("translator_id","status");--> statement-breakpoint
CREATE INDEX "job_offers_pending" ON "job_offers" USING btree ("expires_at") WHERE "job_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_order" ON "jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "jobs_translator" ON "jobs" USING btree ("translator_id","status","deadline");--> statement-breakpoint
CREATE INDEX "jobs_status" ON "jobs" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "jobs_approved" ON "jobs" USING btree ("translator_id","approved_at") WHERE "jobs"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "translator_pairs_pair" ON "translator_pairs" USING btree ("from_language","to_language");--> statement-breakpoint
CREATE INDEX "translators_active" ON "translators" USING btree ("active");