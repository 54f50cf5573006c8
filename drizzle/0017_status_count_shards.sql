-- Each status's count is spread over 16 rows ("shards"): a transaction adds to its connection's
-- shard, so jobs created or moved on different connections no longer queue on one counter row
-- (every paid request's job insert did). The counts so far stay in shard 0; readers sum.
ALTER TABLE "job_status_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_status_counts" DROP CONSTRAINT "job_status_counts_pkey";--> statement-breakpoint
ALTER TABLE "job_status_counts" ADD CONSTRAINT "job_status_counts_status_shard_pk" PRIMARY KEY("status","shard");--> statement-breakpoint
ALTER TABLE "job_status_counts" ADD CONSTRAINT "job_status_counts_shard_range" CHECK ("job_status_counts"."shard" >= 0 and "job_status_counts"."shard" < 16);--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_count_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO job_status_counts (status, shard, count)
    SELECT status, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY status
    -- In status order, as every writer: two statements never take two counter rows crosswise.
    ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET count = job_status_counts.count + EXCLUDED.count;
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
  INSERT INTO job_status_counts (status, shard, count)
    SELECT status, pg_backend_pid() % 16, d FROM delta ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET count = job_status_counts.count + EXCLUDED.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
