DROP INDEX "companies_name_prefix";--> statement-breakpoint
DROP INDEX "company_words_prefix";--> statement-breakpoint
CREATE INDEX "companies_name_prefix" ON "companies" USING btree ("is_active","search_name","cvr");--> statement-breakpoint
CREATE INDEX "company_words_prefix" ON "company_words" USING btree ("is_active","suffix","cvr");