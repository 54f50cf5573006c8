"use client";

import { x402Client } from "@x402/core/client";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { toClientEvmSigner } from "@x402/evm";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import type { WalletClient } from "viem";
import type { SentRequest } from "@/components/job-store";

/** The browser side of the x402 flow, in two steps so the person confirms the binding quote first. */

export type Refusal = {
  kind: "refused";
  status: number;
  code: string;
  title: string;
  detail: string;
  category?: string;
  retryAfterSeconds?: number;
};
export type Quote = { kind: "quote"; required: PaymentRequired; amountAtomic: bigint };
export type Paid = {
  kind: "paid";
  jobId: string;
  status: string;
  transaction: string | null;
  /** The endpoint and body that were paid for, so the studio can offer them as code. */
  sent: SentRequest;
};

function retryAfter(res: Response): number | undefined {
  const v = Number(res.headers.get("retry-after"));
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

async function refusal(res: Response): Promise<Refusal> {
  const body = (await res.json().catch(() => ({}))) as {
    code?: string;
    title?: string;
    detail?: string;
    category?: string;
    error?: string;
  };
  return {
    kind: "refused",
    status: res.status,
    code: body.code ?? (res.status === 402 ? "payment_refused" : "error"),
    title:
      body.title ?? (res.status === 402 ? "Payment refused" : `Request failed (${res.status})`),
    detail: body.detail ?? body.error ?? res.statusText,
    category: body.category,
    retryAfterSeconds: retryAfter(res),
  };
}

/** Step 1: ask for the price of exactly this body. Rejections come back before any signature. */
export async function requestQuote(path: string, body: unknown): Promise<Quote | Refusal> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const header = res.headers.get("payment-required");
  if (res.status !== 402 || !header) return refusal(res);
  const required = decodePaymentRequiredHeader(header);
  return { kind: "quote", required, amountAtomic: BigInt(required.accepts[0]?.amount ?? "0") };
}

/** Uploads a picture (free); the id is what an image product's body names. Refusals come back like a quote's. */
export async function uploadImage(file: File): Promise<string | Refusal> {
  const res = await fetch("/uploads", {
    method: "POST",
    headers: { "content-type": file.type },
    body: file,
  });
  if (res.status !== 201) return refusal(res);
  return ((await res.json()) as { id: string }).id;
}

/** Signs the quoted requirement with the wallet (one signTypedData). */
export async function signPayment(
  wallet: WalletClient,
  quote: Quote,
  network: string,
): Promise<string> {
  const account = wallet.account;
  if (!account) throw new Error("wallet has no account");
  const client = new x402Client();
  registerExactEvmScheme(client, {
    signer: toClientEvmSigner({
      address: account.address,
      signTypedData: (m) =>
        wallet.signTypedData({ ...(m as Parameters<WalletClient["signTypedData"]>[0]), account }),
    }),
    networks: [network as `${string}:${string}`],
  });
  // The person confirmed this exact amount; the cap is that amount and nothing more.
  client.setSpendControls({ maxAmountPerPayment: false, allowedAssets: true });
  return encodePaymentSignatureHeader(await client.createPaymentPayload(quote.required));
}

/** Step 2: the same request with the signature; safe to repeat with the same key and signature. */
export async function submitPaid(
  path: string,
  body: unknown,
  signature: string,
  idempotencyKey: string,
): Promise<Paid | Refusal> {
  const headers = {
    "content-type": "application/json",
    "payment-signature": signature,
    "idempotency-key": idempotencyKey,
  };
  const res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  if (res.status !== 200 && res.status !== 202) return refusal(res);
  const created = (await res.json()) as { job_id: string; status: string };
  const receipt = res.headers.get("payment-response");
  return {
    kind: "paid",
    jobId: created.job_id,
    status: created.status,
    transaction: receipt ? decodePaymentResponseHeader(receipt).transaction : null,
    sent: { path, body: body as Record<string, unknown> },
  };
}

export function isUserRejection(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: number; name?: string; message?: string };
    if (
      x.code === 4001 ||
      x.name === "UserRejectedRequestError" ||
      /user (rejected|denied)/i.test(x.message ?? "")
    )
      return true;
  }
  return false;
}
