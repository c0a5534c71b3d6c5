DROP INDEX "invoices_owed";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charges" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What earlier reminders charged is owed too.
UPDATE "invoices" SET "charges" = (SELECT coalesce(sum("fee" + "interest"), 0) FROM "invoice_reminders" WHERE "invoice_id" = "invoices"."id");--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "fewer_files_confirmed_by" text;--> statement-breakpoint
CREATE INDEX "invoices_owed" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."kind" = 'invoice' and not "invoices"."credited" and "invoices"."paid_amount" < "invoices"."total" + "invoices"."charges";--> statement-breakpoint
-- The terms of business state the payment terms from the settings: the demo text's own "14 days",
-- which contradicted the invoices' 8, goes where no one has edited it.
UPDATE "pages" SET "body_da" = replace("body_da", ' Betaling sker mod faktura med 14 dages kredit.', ''), "body_en" = replace("body_en", ' Payment is by invoice with 14 days of credit.', '') WHERE "slug_da" = 'handelsbetingelser';
