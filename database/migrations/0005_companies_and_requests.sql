-- Trigram index for finding a company by any part of its name (trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "companies" (
	"cvr" integer PRIMARY KEY NOT NULL,
	"unit_number" bigint,
	"name" text NOT NULL,
	"search_name" text COLLATE "C" NOT NULL,
	"legal_form" text,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"is_active" boolean NOT NULL,
	"is_ad_protected" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_words" (
	"suffix" text COLLATE "C" NOT NULL,
	"cvr" integer NOT NULL,
	"is_active" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"from_status" text,
	"to_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company_cvr" integer,
	"company_name" text,
	"company_address" text,
	"ean" text,
	"from_language" text,
	"to_language" text,
	"delivery_date" text,
	"copies" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"quote_id" text,
	"ip_hash" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_prefix" ON "companies" USING btree ("is_active","search_name");--> statement-breakpoint
CREATE INDEX "companies_name_trigram" ON "companies" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_words_prefix" ON "company_words" USING btree ("is_active","suffix");--> statement-breakpoint
CREATE INDEX "company_words_cvr" ON "company_words" USING btree ("cvr");--> statement-breakpoint
CREATE INDEX "request_events_request" ON "request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_created" ON "requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "requests_status" ON "requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "requests_ip" ON "requests" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "requests_fingerprint" ON "requests" USING btree ("fingerprint","created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_request" ON "documents" USING btree ("request_id");