ALTER TABLE "backups" ADD COLUMN "problem_kind" text;--> statement-breakpoint
-- Earlier failures: the interrupted ones by their words, the rest as failed or unverified.
UPDATE "backups" SET "problem_kind" = CASE
	WHEN "problem" LIKE 'interrupted:%' THEN 'interrupted'
	WHEN "status" = 'failed' THEN 'failed'
	ELSE 'unverified' END
	WHERE "problem" IS NOT NULL;
