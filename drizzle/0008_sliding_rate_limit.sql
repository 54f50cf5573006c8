CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint[] NOT NULL,
	"allowed" boolean NOT NULL
);
--> statement-breakpoint
DROP TABLE "rate_limit_counters" CASCADE;