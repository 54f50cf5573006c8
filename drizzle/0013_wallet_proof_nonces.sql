CREATE TABLE "wallet_proof_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wallet_proof_nonces_expires_idx" ON "wallet_proof_nonces" USING btree ("expires_at");