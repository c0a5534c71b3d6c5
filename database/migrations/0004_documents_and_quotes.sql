CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"draft_id" text NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"size" integer NOT NULL,
	"stored_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"words" integer,
	"numbers" integer,
	"characters" integer,
	"characters_with_spaces" integer,
	"minutes" numeric(10, 1),
	"manual_reason" text,
	"hidden_sheets" integer DEFAULT 0 NOT NULL,
	"hidden_slides" integer DEFAULT 0 NOT NULL,
	"repeated_words" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analysed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"draft_id" text NOT NULL,
	"locale" text NOT NULL,
	"from_language" text,
	"to_language" text,
	"delivery_date" text,
	"copies" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"details" jsonb NOT NULL,
	"valid_until" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "quote_validity_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "repetition_percent" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "price_per_minute" numeric(10, 2) DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "document_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_draft" ON "documents" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "documents_status" ON "documents" USING btree ("status");