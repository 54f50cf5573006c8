-- job_status_counts follows every insert and status change of jobs, so /status reads six rows
-- instead of counting a table that only grows. Statement-level with transition tables: one
-- counter update per status per statement, however many rows it touched.
INSERT INTO "job_status_counts" ("status", "count")
SELECT s, (SELECT count(*) FROM "jobs" WHERE "jobs"."status" = s)
FROM unnest(ARRAY['pending_settlement', 'queued', 'generating', 'succeeded', 'failed', 'cancelled']) AS s
ON CONFLICT ("status") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_count_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO job_status_counts (status, count)
    SELECT status, count(*) FROM new_rows GROUP BY status
    ON CONFLICT (status) DO UPDATE SET count = job_status_counts.count + EXCLUDED.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_count_updated() RETURNS trigger AS $$
BEGIN
  WITH moves AS (
    SELECT o.status AS old_status, n.status AS new_status
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status IS DISTINCT FROM o.status
  ), delta AS (
    SELECT status, sum(d)::bigint AS d FROM (
      SELECT old_status AS status, -1 AS d FROM moves
      UNION ALL
      SELECT new_status AS status, 1 AS d FROM moves
    ) x GROUP BY status
  )
  INSERT INTO job_status_counts (status, count)
    SELECT status, d FROM delta
    ON CONFLICT (status) DO UPDATE SET count = job_status_counts.count + EXCLUDED.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_count_inserted AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jobs_count_inserted();
--> statement-breakpoint
CREATE TRIGGER jobs_count_updated AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jobs_count_updated();
