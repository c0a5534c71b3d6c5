ALTER TABLE "job_offers" ADD COLUMN "repetition_percent" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "repeated_words" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "repetition_rule" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "repetition_own_percent" integer;--> statement-breakpoint
-- Translators who were working before the rule existed keep what they were promised: every word at
-- the full rate, until an admin changes it. New translators are paid the customer's share.
UPDATE "translators" SET "repetition_rule" = 'full';
