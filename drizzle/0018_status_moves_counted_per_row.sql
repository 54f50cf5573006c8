-- A job's status moves one row at a time (changeStatus), while most updates of jobs leave the
-- status alone (the engine's leases, run_after, attempts, video keys). The statement trigger ran
-- for every one of them and built both transition tables only to find no move. A row trigger on
-- the status column, fired only when the status really changes, costs nothing to the others.
DROP TRIGGER IF EXISTS jobs_count_updated ON "jobs";--> statement-breakpoint
DROP FUNCTION IF EXISTS jobs_count_updated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_count_moved() RETURNS trigger AS $$
BEGIN
  INSERT INTO job_status_counts (status, shard, count)
    SELECT status, pg_backend_pid() % 16, d
    FROM (VALUES (OLD.status, -1::bigint), (NEW.status, 1::bigint)) AS m(status, d)
    -- In status order, as every writer: two statements never take two counter rows crosswise.
    ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET count = job_status_counts.count + EXCLUDED.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_count_moved AFTER UPDATE OF status ON "jobs"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION jobs_count_moved();
