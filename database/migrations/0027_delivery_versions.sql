ALTER TABLE "order_files" ADD COLUMN "document_id" text;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Files kept before versions: the name they came with is their own; what the customer saw was
-- delivered with the order (all of a delivered order's files; those added before the delivery of
-- an order whose revision is open), each the first version of an unknown document.
UPDATE "order_files" SET "original_name" = "name";--> statement-breakpoint
UPDATE "order_files" f SET "delivered_at" = coalesce(o."delivered_at", f."created_at"), "version" = 1
	FROM "orders" o WHERE o."id" = f."order_id" AND o."status" = 'delivered';--> statement-breakpoint
UPDATE "order_files" f SET "delivered_at" = o."delivered_at", "version" = 1
	FROM "orders" o WHERE o."id" = f."order_id" AND o."status" <> 'delivered' AND o."delivered_at" IS NOT NULL
	AND f."created_at" <= o."delivered_at";
