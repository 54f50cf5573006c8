import { type Column, type SQL, and, eq, isNull, lt, or, sql } from "drizzle-orm";
import {
  checkMove,
  type Db,
  jsonRow,
  outerColumn,
  staleErrorOf,
  writeAtCommit,
} from "@/lib/platform";
import { payments } from "@/lib/money/schema";
import { PAYMENT_TRANSITIONS, type PaymentStatus } from "@/lib/money/payments/payment-status";

export type PaymentRow = typeof payments.$inferSelect;
export type { PaymentStatus } from "@/lib/money/payments/payment-status";

// Second key: a hash of the authorization. A collision only makes two payments wait on each other.
const AUTHORIZATION_LOCK = 402_405;

/**
 * The lock of one authorization, held until the transaction that takes it ends (network, payer,
 * nonce). Taken before a payment's job is written and followed by findPaymentByAuthorization, a
 * second copy of a payment waits here, holding nothing, and then finds the first one's row: it
 * never writes a job only to wait on the payment's unique index while the first copy's settlement
 * waits for what that job's write holds (the job status counts).
 */
export function authorizationLock(network: string, payer: string, nonce: string): SQL {
  const key = `${network}:${payer.toLowerCase()}:${nonce.toLowerCase()}`;
  return sql`pg_advisory_xact_lock(${AUTHORIZATION_LOCK}, hashtext(${key}))`;
}

export async function findPaymentByAuthorization(
  db: Db,
  network: string,
  payer: string,
  nonce: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.network, network),
        eq(payments.payer, payer.toLowerCase()),
        eq(payments.nonce, nonce.toLowerCase()),
      ),
    )
    .limit(1);
  return row;
}

/** Records a payment; in an audited transaction, with its audit write (writeAtCommit). */
export async function insertPayment(db: Db, payment: typeof payments.$inferInsert): Promise<void> {
  await writeAtCommit(
    db,
    db.insert(payments).values({
      ...payment,
      payer: payment.payer.toLowerCase(),
      nonce: payment.nonce.toLowerCase(),
    }),
  );
}

export const StalePaymentError = staleErrorOf<PaymentStatus>("payment", "StalePaymentError");

/**
 * Moves a payment `from` → `patch.status` if the table allows it and the row is still in `from`
 * (compare-and-set): of two learners racing (a slow request, the reconciler), the loser throws
 * StalePaymentError and never overwrites what the winner wrote.
 */
export async function updatePayment(
  db: Db,
  id: string,
  from: PaymentStatus,
  patch: {
    status: PaymentStatus;
    transaction?: string | null;
    failureReason?: string | null;
    settledAt?: Date | null;
    /** A settlement's signed receipt, kept with it in the same write. */
    receipt?: unknown;
  },
): Promise<PaymentRow> {
  checkMove("payment", PAYMENT_TRANSITIONS, from, patch.status);
  const [row] = await db
    .update(payments)
    .set(patch)
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  if (!row) throw new StalePaymentError(id, from);
  return row;
}

/** The job's payment as a column of a read of the job (lib/jobs prepareFindJobWith); null for none. */
export const paymentOfJob = (jobId: Column) =>
  jsonRow(
    payments,
    sql`select row_to_json(p) from payments p where p.job_id = ${outerColumn(jobId)}`,
  );

export async function getPaymentForJob(db: Db, jobId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.jobId, jobId)).limit(1);
  return row;
}

/** Payments whose settlement is undecided: `unknown`, or still `verified` since before `staleBefore`. */
export async function findOpenPayments(db: Db, staleBefore: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      or(
        eq(payments.status, "unknown"),
        and(eq(payments.status, "verified"), lt(payments.createdAt, staleBefore)),
      ),
    );
}

/** Keeps the payment's receipt unless it has one already; returns whether this one was kept. */
export async function storeReceiptOnce(
  db: Db,
  paymentId: string,
  receipt: unknown,
): Promise<boolean> {
  const [stored] = await db
    .update(payments)
    .set({ receipt })
    .where(and(eq(payments.id, paymentId), isNull(payments.receipt)))
    .returning({ receipt: payments.receipt });
  return stored !== undefined;
}
