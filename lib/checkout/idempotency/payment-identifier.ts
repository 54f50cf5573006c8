import { createHash } from "node:crypto";
import type { PaymentPayload } from "@x402/core/types";
import { canonicalize } from "@x402/extensions/offer-receipt";
import {
  declarePaymentIdentifierExtension,
  isValidPaymentId,
  PAYMENT_IDENTIFIER,
} from "@x402/extensions/payment-identifier";
import type { Db } from "@/lib/platform";
import { claimPaymentKey, findLiveKey } from "@/lib/checkout/idempotency/key-repository";

/** The 402's declaration: ids are welcome, not required. */
export function paymentIdentifierDeclaration(): Record<string, unknown> {
  return { [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false) };
}

/**
 * What a payment's payment-identifier means for this request, decided before verification:
 * - `none`: no id; nothing to remember.
 * - `claimed`: the id is new and now held by this request (attach it to the job, or drop it).
 * - `replay`: the same id and payment completed before: answer with its response and the
 *   PAYMENT-RESPONSE header it carried.
 * - `reused`: the id was used with another payment or another request body.
 * - `in_flight`: the first request with this id has not finished within the wait.
 * - `invalid`: the id breaks the extension's format.
 */
export type PaymentIdentifierClaim =
  | { kind: "none" }
  | { kind: "claimed"; id: string }
  | { kind: "replay"; id: string; response: unknown; paymentResponse: string | null }
  | { kind: "reused"; id: string }
  | { kind: "in_flight"; id: string }
  | { kind: "invalid"; message: string };

export type ClaimOptions = {
  /** How long an unattached claim lives if its request dies before creating a job. */
  claimSeconds: number;
  /** How long a duplicate waits for the first request to finish before answering 409. */
  waitMs: number;
  pollMs?: number;
};

/** A fingerprint of the whole signed payload (JCS, then SHA-256): a retry resends it unchanged. */
export function payloadFingerprint(payload: PaymentPayload): string {
  return createHash("sha256").update(canonicalize(payload)).digest("hex");
}

/**
 * The payment's id, checked against our own rule only. The extension a client echoes carries a
 * JSON Schema of its own; the library's validator compiles and runs it, so a client could make us
 * compile anything and run its regular expressions (a catastrophic pattern freezes the process).
 * Nothing a client sends is compiled: the shape and the id's alphabet and length are fixed here.
 */
export function readPaymentIdentifier(
  payload: PaymentPayload,
): { kind: "none" } | { kind: "id"; id: string } | { kind: "invalid"; message: string } {
  const extension: unknown = payload.extensions?.[PAYMENT_IDENTIFIER];
  if (extension === undefined || extension === null) return { kind: "none" };
  if (typeof extension !== "object" || Array.isArray(extension))
    return { kind: "invalid", message: "The payment-identifier extension must be an object." };
  const info: unknown = (extension as { info?: unknown }).info;
  if (typeof info !== "object" || info === null || Array.isArray(info))
    return { kind: "invalid", message: "The payment-identifier extension needs an info object." };
  const id: unknown = (info as { id?: unknown }).id;
  if (id === undefined) return { kind: "none" };
  if (typeof id !== "string" || !isValidPaymentId(id))
    return {
      kind: "invalid",
      message: "A payment id is 16 to 128 characters of A-Z, a-z, 0-9, _ and -.",
    };
  return { kind: "id", id };
}

export async function claimPaymentIdentifier(
  db: Db,
  payload: PaymentPayload,
  requestHash: string,
  opts: ClaimOptions,
): Promise<PaymentIdentifierClaim> {
  const read = readPaymentIdentifier(payload);
  if (read.kind !== "id") return read;
  const { id } = read;
  const payloadHash = payloadFingerprint(payload);
  const deadline = Date.now() + opts.waitMs;
  for (;;) {
    const expiresAt = new Date(Date.now() + opts.claimSeconds * 1000);
    if (await claimPaymentKey(db, id, requestHash, payloadHash, expiresAt))
      return { kind: "claimed", id };
    const row = await findLiveKey(db, id, new Date(), "payment");
    if (!row) continue; // expired and removed just now: claim it afresh
    if (row.payloadHash !== payloadHash || row.requestHash !== requestHash)
      return { kind: "reused", id };
    if (row.state === "completed")
      return {
        kind: "replay",
        id,
        response: row.response,
        paymentResponse: typeof row.paymentResponse === "string" ? row.paymentResponse : null,
      };
    if (Date.now() >= deadline) return { kind: "in_flight", id };
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 100));
  }
}
