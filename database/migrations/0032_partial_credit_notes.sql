DROP INDEX "invoices_owed";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "invoices_owed" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."kind" = 'invoice' and not "invoices"."credited" and "invoices"."paid_amount" + "invoices"."credited_amount" < "invoices"."total" + "invoices"."charges";