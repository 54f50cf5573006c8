CREATE TABLE "provider_health" (
	"provider" text PRIMARY KEY NOT NULL,
	"down_until" timestamp with time zone,
	"down_reason" text,
	"busy_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "orphaned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "orphan_settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "attempts_open_orphans_idx" ON "attempts" USING btree ("orphaned_at") WHERE "attempts"."orphaned_at" is not null and "attempts"."orphan_settled_at" is null;