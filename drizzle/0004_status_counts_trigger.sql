-- job_status_counts follows every insert and status change of jobs, so /status reads six rows
-- instead of counting a table that only grows.
INSERT INTO "job_status_counts" ("status", "count")
SELECT s, (SELECT count(*) FROM "jobs" WHERE "jobs"."status" = s)
FROM unnest(ARRAY['pending_settlement', 'queued', 'generating', 'succeeded', 'failed', 'cancelled']) AS s
ON CONFLICT ("status") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_count_status() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_status_counts (status, count) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET count = job_status_counts.count + 1;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE job_status_counts SET count = count - 1 WHERE status = OLD.status;
    INSERT INTO job_status_counts (status, count) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET count = job_status_counts.count + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_count_status AFTER INSERT OR UPDATE OF status ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION jobs_count_status();
