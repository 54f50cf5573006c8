CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"provider" text NOT NULL,
	"task_id" text,
	"status" text NOT NULL,
	"error" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"job_id" uuid,
	"state" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"status" text NOT NULL,
	"spec" jsonb NOT NULL,
	"payer" text NOT NULL,
	"amount_atomic" bigint NOT NULL,
	"network" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"seed" bigint,
	"frames_per_second" real,
	"video_key" text,
	"video_expires_at" timestamp with time zone,
	"error" jsonb,
	"run_after" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"payer" text NOT NULL,
	"amount_atomic" bigint NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"pay_to" text NOT NULL,
	"nonce" text NOT NULL,
	"valid_before" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"requirements" jsonb NOT NULL,
	"status" text NOT NULL,
	"transaction" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_job_number_uq" ON "attempts" USING btree ("job_id","number");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "jobs_run_after_idx" ON "jobs" USING btree ("run_after") WHERE "jobs"."run_after" is not null;--> statement-breakpoint
CREATE INDEX "jobs_payer_active_idx" ON "jobs" USING btree ("payer","status");--> statement-breakpoint
CREATE INDEX "jobs_finished_at_idx" ON "jobs" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_authorization_uq" ON "payments" USING btree ("network","payer","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_job_uq" ON "payments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");