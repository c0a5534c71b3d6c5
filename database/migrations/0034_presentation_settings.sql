ALTER TABLE "settings" ADD COLUMN "count_speaker_notes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "count_hidden_slides" boolean DEFAULT true NOT NULL;