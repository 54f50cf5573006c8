import { createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { x402Client } from "@x402/core/client";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { toClientEvmSigner } from "@x402/evm";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import type { PrivateKeyAccount } from "viem/accounts";
import {
  keysFromDidDocument,
  type Verified,
  verifyJws,
} from "../lib/money/receipts/verify-receipt";

/** What the CLI and the MCP tools share: quote, pay, poll, download. Talks HTTP only. */

export type ClipRequest = {
  model: "alpha" | "alpha-fast";
  prompt: string;
  duration?: number;
  resolution?: string;
  ratio?: string;
  seed?: number;
  audio?: boolean;
  fixedCamera?: boolean;
};

export type Job = {
  job_id: string;
  status: string;
  attempts: number;
  video_url: string | null;
  video_expires_at: string | null;
  error: { code: string; message: string } | null;
  receipt?: SignedReceipt | null;
};

/** The x402 offer-receipt receipt of a paid job (JWS). */
export type SignedReceipt = { format: string; signature: string };

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

export function endpointFor(req: ClipRequest): { path: string; body: Record<string, unknown> } {
  const custom =
    req.duration !== undefined ||
    req.resolution !== undefined ||
    req.seed !== undefined ||
    req.audio ||
    req.fixedCamera;
  if (!custom)
    return {
      path: `/generate/${req.model}/5s-720p`,
      body: { prompt: req.prompt, ...(req.ratio ? { ratio: req.ratio } : {}) },
    };
  return {
    path: `/generate/${req.model}/custom`,
    body: {
      prompt: req.prompt,
      ...(req.duration !== undefined ? { duration: req.duration } : {}),
      ...(req.resolution ? { resolution: req.resolution } : {}),
      ...(req.ratio ? { ratio: req.ratio } : {}),
      ...(req.seed !== undefined ? { seed: req.seed } : {}),
      ...(req.audio ? { generate_audio: true } : {}),
      ...(req.fixedCamera ? { camera_fixed: true } : {}),
    },
  };
}

async function failure(res: Response): Promise<ServiceError> {
  const body = (await res.json().catch(() => ({}))) as {
    code?: string;
    detail?: string;
    error?: string;
  };
  return new ServiceError(
    res.status,
    body.code ?? `http_${res.status}`,
    body.detail ?? body.error ?? res.statusText,
  );
}

export type Quote = {
  required: PaymentRequired;
  amountAtomic: bigint;
  priceUsd: string;
  path: string;
  body: Record<string, unknown>;
};

export function usd(atomic: bigint): string {
  const whole = atomic / 1_000_000n;
  const frac = (atomic % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${frac}`;
}

export function parseUsd(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim().replace(/^\$/, ""));
  if (!m) throw new Error(`not a dollar amount: ${text}`);
  return BigInt(m[1] ?? "0") * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"));
}

/** The binding price of exactly this request (the 402), without paying. */
export async function quote(baseUrl: string, req: ClipRequest): Promise<Quote> {
  const { path, body } = endpointFor(req);
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const header = res.headers.get("payment-required");
  if (res.status !== 402 || !header) throw await failure(res);
  const required = decodePaymentRequiredHeader(header);
  const amountAtomic = BigInt(required.accepts[0]?.amount ?? "0");
  return { required, amountAtomic, priceUsd: usd(amountAtomic), path, body };
}

export type Paid = {
  jobId: string;
  status: string;
  transaction: string | null;
  priceUsd: string;
  receipt: SignedReceipt | null;
};

/** Pays a quote once; a lost answer is asked for again under the same Idempotency-Key (sendPaid). */
export async function pay(
  baseUrl: string,
  account: PrivateKeyAccount,
  q: Quote,
  maxAtomic: bigint,
  idempotencyKey = crypto.randomUUID(),
): Promise<Paid> {
  if (q.amountAtomic > maxAtomic)
    throw new ServiceError(
      0,
      "over_budget",
      `the clip costs ${q.priceUsd} USDC, above the limit of ${usd(maxAtomic)} USDC`,
    );
  const client = new x402Client();
  const network = q.required.accepts[0]?.network ?? "eip155:8453";
  registerExactEvmScheme(client, { signer: toClientEvmSigner(account), networks: [network] });
  client.setSpendControls({ maxAmountPerPayment: false, allowedAssets: true });
  const signature = encodePaymentSignatureHeader(await client.createPaymentPayload(q.required));
  const res = await sendPaid(`${baseUrl}${q.path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "payment-signature": signature,
      "idempotency-key": idempotencyKey,
    },
    body: JSON.stringify(q.body),
  });
  if (res.status !== 200 && res.status !== 202) throw await failure(res);
  const created = (await res.json()) as {
    job_id: string;
    status: string;
    receipt?: SignedReceipt;
  };
  const settlement = res.headers.get("payment-response");
  return {
    jobId: created.job_id,
    status: created.status,
    transaction: settlement ? decodePaymentResponseHeader(settlement).transaction : null,
    priceUsd: q.priceUsd,
    receipt: created.receipt ?? null,
  };
}

// How often a paid request whose answer was lost is sent again, and how long to wait between.
const PAID_ATTEMPTS = 4;
const PAID_RETRY_MS = 1_000;

/**
 * Sends a signed payment; an answer lost on the way (the connection dropped, a 502 or 503 from
 * something in between, or the first request still in flight) is asked for again with the same
 * signature and Idempotency-Key, which the service answers with the first request's job without
 * charging again.
 */
async function sendPaid(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= PAID_ATTEMPTS;
    const res = await fetch(url, init).catch((error: unknown) => {
      if (last) throw error;
      return null;
    });
    const again =
      res === null ||
      res.status === 502 ||
      res.status === 503 ||
      (res.status === 409 && res.headers.get("retry-after") !== null);
    if (!again || last) return res as Response;
    const wait = Number(res?.headers.get("retry-after")) * 1000 || PAID_RETRY_MS;
    await res?.arrayBuffer().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Checks a receipt's signature against the key the service publishes in its DID document
 * (/.well-known/did.json), and that it is a receipt for this job.
 */
export async function verifyReceipt(
  baseUrl: string,
  receipt: SignedReceipt,
  jobId: string,
): Promise<Verified> {
  if (receipt.format !== "jws")
    return { ok: false, reason: `unsupported format ${receipt.format}` };
  const res = await fetch(`${baseUrl}/.well-known/did.json`);
  if (!res.ok) return { ok: false, reason: `no DID document (HTTP ${res.status})` };
  const verified = verifyJws(receipt.signature, keysFromDidDocument(await res.json()));
  if (verified.ok && verified.payload.jobId !== jobId)
    return { ok: false, reason: `the receipt is for job ${verified.payload.jobId}` };
  return verified;
}

/** One line saying what a verified receipt proves. */
export function describeReceipt(v: Verified): string {
  if (!v.ok) return `receipt NOT verified: ${v.reason}`;
  const p = v.payload;
  return `receipt verified (${v.kid}): job ${p.jobId}, ${p.sku}, ${usd(BigInt(String(p.amount)))} USDC on ${p.network} from ${p.payer}, settlement ${p.transaction}`;
}

export async function getJob(baseUrl: string, id: string): Promise<Job> {
  const res = await fetch(`${baseUrl}/jobs/${encodeURIComponent(id)}`);
  if (!res.ok) throw await failure(res);
  return (await res.json()) as Job;
}

export async function waitForJob(
  baseUrl: string,
  id: string,
  onUpdate: (job: Job) => void,
  timeoutMs = 30 * 60_000,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  let delay = 1000;
  for (;;) {
    const job = await getJob(baseUrl, id);
    onUpdate(job);
    if (["succeeded", "failed", "cancelled"].includes(job.status)) return job;
    if (Date.now() > deadline)
      throw new Error(
        `job ${id} still ${job.status} after ${Math.round(timeoutMs / 60000)} minutes`,
      );
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(5000, Math.round(delay * 1.3));
  }
}

/**
 * Saves a video and returns the bytes actually written, counted as they pass: a Content-Length
 * header can be absent (chunked transfer) and is only used to detect a cut-off download.
 */
export async function download(url: string, file: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`download failed: HTTP ${res.status}`);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(res.body as never), counter, createWriteStream(file));
  // fetch decodes a compressed body, whose announced length is then the compressed one.
  const announced = res.headers.get("content-encoding") ? null : res.headers.get("content-length");
  if (announced !== null && Number(announced) !== bytes)
    throw new Error(
      `download cut off: ${bytes} of ${announced} bytes arrived (${file} is incomplete)`,
    );
  return bytes;
}
