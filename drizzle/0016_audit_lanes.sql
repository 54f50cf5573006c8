-- The audit log becomes 64 chains ("lanes"), each locked on its own; the rows so far, one chain, are lane 0.
ALTER TABLE "audit_events" ADD COLUMN "lane" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- No default from now on: an instance of an earlier release, still running, cannot append rows
-- that would fork lane 0 (its insert names no lane and is refused).
ALTER TABLE "audit_events" ALTER COLUMN "lane" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "audit_events_lane_idx" ON "audit_events" USING btree ("lane","id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_lane_range" CHECK ("audit_events"."lane" >= 0 and "audit_events"."lane" < 64);
