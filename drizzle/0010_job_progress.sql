CREATE TABLE "provider_windows" (
	"sku" text NOT NULL,
	"provider" text NOT NULL,
	"outcomes" text NOT NULL,
	"durations_ms" integer[] NOT NULL,
	CONSTRAINT "provider_windows_sku_provider_pk" PRIMARY KEY("sku","provider")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "storing_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_queued_order_idx" ON "jobs" USING btree ("queued_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_payer_created_idx" ON "jobs" USING btree ("payer","created_at","id");--> statement-breakpoint
-- provider_windows follows every attempt that ends: one short row per SKU and provider, capped at
-- the last 200 outcomes and 100 succeeded durations, so /status and the ETA never scan attempts.
CREATE OR REPLACE FUNCTION attempts_window_ended() RETURNS trigger AS $$
DECLARE
  job_sku text;
  letter text;
  ms integer[];
BEGIN
  SELECT sku INTO job_sku FROM jobs WHERE id = NEW.job_id;
  letter := CASE WHEN NEW.status = 'succeeded' THEN 's' ELSE 'f' END;
  IF EXISTS (SELECT 1 FROM attempts p WHERE p.job_id = NEW.job_id AND p.number = NEW.number - 1
             AND p.provider <> NEW.provider AND p.status = 'failed') THEN
    letter := upper(letter);
  END IF;
  ms := CASE WHEN NEW.status = 'succeeded'
    THEN ARRAY[greatest(0, round(extract(epoch FROM NEW.ended_at - NEW.started_at) * 1000))::integer]
    ELSE '{}'::integer[] END;
  INSERT INTO provider_windows (sku, provider, outcomes, durations_ms)
    VALUES (job_sku, NEW.provider, letter, ms)
    ON CONFLICT (sku, provider) DO UPDATE SET
      outcomes = right(provider_windows.outcomes || EXCLUDED.outcomes, 200),
      durations_ms = (provider_windows.durations_ms || EXCLUDED.durations_ms)[
        greatest(1, cardinality(provider_windows.durations_ms) + cardinality(EXCLUDED.durations_ms) - 99):];
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attempts_window_ended AFTER UPDATE OF status ON "attempts"
  FOR EACH ROW WHEN (OLD.status NOT IN ('succeeded', 'failed') AND NEW.status IN ('succeeded', 'failed'))
  EXECUTE FUNCTION attempts_window_ended();
--> statement-breakpoint
-- Existing deployments start with the window of the attempts already ended (the last 200 per SKU
-- and provider, 100 succeeded durations), the same letters the trigger writes.
WITH ended AS (
  SELECT j.sku, a.provider, a.ended_at, a.id,
    CASE WHEN a.status = 'succeeded' THEN 's' ELSE 'f' END AS letter,
    EXISTS (SELECT 1 FROM attempts p WHERE p.job_id = a.job_id AND p.number = a.number - 1
            AND p.provider <> a.provider AND p.status = 'failed') AS took_over,
    CASE WHEN a.status = 'succeeded'
      THEN greatest(0, round(extract(epoch FROM a.ended_at - a.started_at) * 1000))::integer END AS ms,
    row_number() OVER (PARTITION BY j.sku, a.provider ORDER BY a.ended_at DESC, a.id DESC) AS recent,
    row_number() OVER (PARTITION BY j.sku, a.provider, a.status ORDER BY a.ended_at DESC, a.id DESC) AS recent_of_status
  FROM attempts a JOIN jobs j ON j.id = a.job_id
  WHERE a.status IN ('succeeded', 'failed') AND a.ended_at IS NOT NULL
)
INSERT INTO provider_windows (sku, provider, outcomes, durations_ms)
SELECT sku, provider,
  coalesce(string_agg(CASE WHEN took_over THEN upper(letter) ELSE letter END, '' ORDER BY ended_at, id)
    FILTER (WHERE recent <= 200), ''),
  coalesce(array_agg(ms ORDER BY ended_at, id) FILTER (WHERE ms IS NOT NULL AND recent_of_status <= 100), '{}')
FROM ended GROUP BY sku, provider
ON CONFLICT (sku, provider) DO NOTHING;
