import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/money/payments/payment-status";
import { REFUND_STATUSES, type RefundStatus } from "@/lib/money/refunds/refund-status";
import { oncePerJobWithStatus, ts } from "@/lib/platform";
import { ofJob } from "@/lib/jobs";

export const payments = pgTable(
  "payments",
  {
    ...ofJob(),
    payer: text("payer").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "number" }).notNull(),
    network: text("network").notNull(),
    asset: text("asset").notNull(),
    payTo: text("pay_to").notNull(),
    /** EIP-3009 authorization nonce: one authorization pays for one job, ever. */
    nonce: text("nonce").notNull(),
    validBefore: bigint("valid_before", { mode: "number" }).notNull(),
    payload: jsonb("payload").notNull(),
    requirements: jsonb("requirements").notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    transaction: text("transaction"),
    failureReason: text("failure_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    settledAt: ts("settled_at"),
    /** The signed offer-receipt receipt, issued once when the settlement is first reported. */
    receipt: jsonb("receipt"),
  },
  (t) => [
    uniqueIndex("payments_authorization_uq").on(t.network, t.payer, t.nonce),
    ...oncePerJobWithStatus("payments", t, PAYMENT_STATUSES),
  ],
);

/**
 * One refund per job, ever (unique job_id). The signed transaction is recorded BEFORE it is
 * broadcast, so after a crash the same transaction is looked up or re-sent, never a second one.
 */
export const refunds = pgTable(
  "refunds",
  {
    ...ofJob(),
    payer: text("payer").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "number" }).notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    reason: text("reason").notNull(),
    transaction: text("transaction"),
    rawTransaction: text("raw_transaction"),
    walletNonce: integer("wallet_nonce"),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
    confirmedAt: ts("confirmed_at"),
  },
  (t) => oncePerJobWithStatus("refunds", t, REFUND_STATUSES),
);

/**
 * Sign-in nonces already spent. A nonce is issued statelessly (HMAC-signed, lib/money/wallet-auth), so
 * asking for challenges writes nothing; a proof's use inserts its nonce here, once (primary key),
 * and the row is pruned after the nonce expires, when the nonce is refused anyway.
 */
export const walletProofNonces = pgTable(
  "wallet_proof_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("wallet_proof_nonces_expires_idx").on(t.expiresAt)],
);
