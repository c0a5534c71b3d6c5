CREATE TABLE "registry_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"registry_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "registry_version_single_row" CHECK ("registry_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "registry_version" ("id", "version") SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM "companies") THEN 1 ELSE 0 END;--> statement-breakpoint
-- A statement that changed at least one company (a re-import of the same file changes none) bumps
-- the version in its own transaction and announces it; NOTIFY is delivered at commit only.
CREATE FUNCTION "bump_registry_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	IF TG_OP <> 'TRUNCATE' THEN
		IF NOT EXISTS (SELECT 1 FROM "changed_companies") THEN
			RETURN NULL;
		END IF;
	END IF;
	INSERT INTO "registry_version" ("id", "version") VALUES (1, 1)
		ON CONFLICT ("id") DO UPDATE SET "version" = "registry_version"."version" + 1
		RETURNING "version" INTO next_version;
	PERFORM pg_notify('tolk_registry', next_version::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "companies_inserted_registry_version" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS "changed_companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_registry_version"();--> statement-breakpoint
CREATE TRIGGER "companies_updated_registry_version" AFTER UPDATE ON "companies" REFERENCING NEW TABLE AS "changed_companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_registry_version"();--> statement-breakpoint
CREATE TRIGGER "companies_deleted_registry_version" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS "changed_companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_registry_version"();--> statement-breakpoint
CREATE TRIGGER "companies_truncated_registry_version" AFTER TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_registry_version"();
