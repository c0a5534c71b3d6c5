CREATE TABLE "bank_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"booked_on" text NOT NULL,
	"text" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"payment_id" integer,
	"ignored" boolean DEFAULT false NOT NULL,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"number" integer NOT NULL,
	"sent_on" text NOT NULL,
	"fee" numeric(10, 2) NOT NULL,
	"interest" numeric(10, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"paid_on" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_on" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (number::text || ' ' || coalesce(buyer->>'name', '') || ' ' || coalesce(buyer->>'cvr', '') || ' ' || coalesce(buyer->>'ean', '') || ' ' || coalesce(purchase_order, '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fi_creditor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_grace_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_fee" numeric(10, 2) DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_interest_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_csv_layout" jsonb;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_key" ON "bank_lines" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bank_lines_open" ON "bank_lines" USING btree ("payment_id","ignored");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_number" ON "invoice_reminders" USING btree ("invoice_id","number");--> statement-breakpoint
CREATE INDEX "payments_invoice" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_due" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_owed" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."kind" = 'invoice' and not "invoices"."credited" and "invoices"."paid_amount" < "invoices"."total";--> statement-breakpoint
UPDATE "invoices" SET "credited" = true WHERE "id" IN (SELECT "credits_invoice_id" FROM "invoices" WHERE "credits_invoice_id" IS NOT NULL);
