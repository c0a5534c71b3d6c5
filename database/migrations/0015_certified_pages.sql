ALTER TABLE "pair_prices" ADD COLUMN "price_per_page" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "certified_page_price" numeric(10, 2) DEFAULT 450 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "certified_pdf_price" numeric(10, 2) DEFAULT 100 NOT NULL;