ALTER TABLE "idempotency_keys" ADD COLUMN "kind" text DEFAULT 'header' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_kind_key_pk" PRIMARY KEY("kind","key");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "payment_response" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
CREATE INDEX "idempotency_keys_job_idx" ON "idempotency_keys" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_kind_check" CHECK ("idempotency_keys"."kind" in ('header', 'payment'));
