ALTER TABLE "translator_payouts" ADD COLUMN "paid_on" text;--> statement-breakpoint
ALTER TABLE "translator_payouts" ADD COLUMN "reference" text DEFAULT '' NOT NULL;