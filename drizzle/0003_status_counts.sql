CREATE TABLE "job_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_succeeded_recent_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" = 'succeeded';