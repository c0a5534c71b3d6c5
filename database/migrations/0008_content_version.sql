CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Every statement that changes what the public pages show bumps the version in its own transaction
-- and announces the new one; NOTIFY is delivered at commit, and not at all on a rollback.
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	INSERT INTO "content_version" ("id", "version") VALUES (1, 1)
		ON CONFLICT ("id") DO UPDATE SET "version" = "content_version"."version" + 1
		RETURNING "version" INTO next_version;
	PERFORM pg_notify('tolk_content', next_version::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "languages_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "faq_items_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "faq_categories_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "faq_item_categories_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_item_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "team_members_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "team_member_pairs_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_member_pairs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "pair_prices_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pair_prices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "slides_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "slides" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "pages_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "photos_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "content_files_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_files" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "translations_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
