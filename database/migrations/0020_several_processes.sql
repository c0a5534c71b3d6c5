CREATE TABLE "mail_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"filled_at" timestamp with time zone NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"upload" text NOT NULL,
	"n" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_chunks_upload_n_pk" PRIMARY KEY("upload","n")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"path" text PRIMARY KEY NOT NULL,
	"upload" text NOT NULL,
	"size" bigint NOT NULL,
	"chunks" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "count_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_jobs_due" ON "mail_jobs" USING btree ("run_after");--> statement-breakpoint
-- One search (or other request) under a per-address limit, in one round trip: the bucket of
-- `per_minute` that fills again at that rate and at most `per_day` in a day, as `takeFrom` in
-- server/company-search/rate-limit.ts keeps it in a process. Returns the seconds to wait, 0 when the
-- request may go (and is counted).
CREATE FUNCTION take_rate_limit(p_key text, per_minute double precision, per_day integer, now_ms double precision)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	r rate_limits%ROWTYPE;
	t timestamptz := to_timestamp(now_ms / 1000);
	wait integer := 0;
BEGIN
	INSERT INTO rate_limits VALUES (p_key, per_minute, t, t, 0) ON CONFLICT (key) DO NOTHING;
	SELECT * INTO r FROM rate_limits WHERE key = p_key FOR UPDATE;
	IF now_ms - round(extract(epoch FROM r.day_start) * 1000) >= 86400000 THEN
		r.day_start := t;
		r.day_count := 0;
	END IF;
	IF per_day > 0 AND r.day_count >= per_day THEN
		wait := ceil((round(extract(epoch FROM r.day_start) * 1000) + 86400000 - now_ms) / 1000);
	ELSE
		IF per_minute > 0 THEN
			r.tokens := least(per_minute, r.tokens + (now_ms - round(extract(epoch FROM r.filled_at) * 1000)) / 60000 * per_minute);
			r.filled_at := t;
			IF r.tokens < 1 THEN
				wait := ceil((1 - r.tokens) * 60 / per_minute);
			END IF;
		END IF;
		IF wait = 0 THEN
			IF per_minute > 0 THEN
				r.tokens := r.tokens - 1;
			END IF;
			r.day_count := r.day_count + 1;
		END IF;
	END IF;
	UPDATE rate_limits
	SET tokens = r.tokens, filled_at = r.filled_at, day_start = r.day_start, day_count = r.day_count
	WHERE key = p_key;
	RETURN wait;
END
$$;
