import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { PaymentRequired } from "@x402/core/types";
import { devnetAccount } from "@/lib/devnet/accounts";
import { signVideoPath } from "@/lib/media/storage/url-signing";
import { asHeader, signedPayment } from "../helpers/authorization";
import { PAY_TO } from "../helpers/chain";
import { post, requiredFromHeader } from "../helpers/http";
import { payingFetch } from "../helpers/payer";
import { waitForJob } from "../helpers/poll";
import { type Stack, startStack } from "../helpers/stack";

const PAYER = 8;
const SECRET = `hostile-test-${randomBytes(16).toString("hex")}`;
const FIXED = "/generate/alpha/5s-720p";
const CHEAP = "/generate/alpha-fast/custom";
const CHEAP_BODY = { prompt: "a paper crane unfolding", duration: 4, resolution: "480p" };
const OWED = 260_000n; // the one legitimate job below: alpha-fast, 4 s, 480p

let lastIp = Math.floor(Math.random() * 200);
const ip = () => `198.51.100.${(lastIp++ % 250) + 1}`;

type Case = { name: string; send: () => Promise<Response>; status: number; code: string };

/** The problem `code`, or for a 402 the reason in `error` (with the part for invalid_payment). */
async function codeOf(res: Response): Promise<string> {
  if (res.status === 402) {
    const required = requiredFromHeader(res);
    assert.deepEqual(
      await res.json(),
      JSON.parse(JSON.stringify(required)),
      "402 body equals the PAYMENT-REQUIRED header",
    );
    assert.equal(required.accepts.length, 1);
    const [reason, part] = (required.error ?? "").split(": ");
    return reason === "invalid_payment" ? `${reason}:${part}` : (reason ?? "");
  }
  if (res.status === 200) return "ok";
  assert.equal(res.headers.get("payment-required"), null, "a refusal asks for no payment");
  return ((await res.json()) as { code: string }).code;
}

describe("hostile input: every case refused with the right status and code, nothing charged that was not owed", () => {
  let stack: Stack;
  let url: (path: string) => string;
  let payerStart: bigint;
  let payToStart: bigint;
  before(async () => {
    stack = await startStack({
      database: "postgres",
      env: { TRUST_PROXY: "true", ABUSE_BLOCK_REJECTIONS: "5", VIDEO_URL_SECRET: SECRET },
    });
    url = (path) => `${stack.server.url}${path}`;
    payerStart = await stack.chain.balanceOf(devnetAccount(PAYER).address);
    payToStart = await stack.chain.balanceOf(PAY_TO);
  });
  after(async () => {
    await stack?.close();
  });

  test("the table", { timeout: 240_000 }, async () => {
    const payer = payingFetch(PAYER);
    // Sent through a paying client: if the server ever quoted instead of refusing, it would pay.
    const paying = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
      payer.fetch(url(path), {
        method: "POST",
        headers: { "x-forwarded-for": ip(), ...headers },
        body,
      });
    const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      paying(path, JSON.stringify(body), { "content-type": "application/json", ...headers });
    const quote = async (path: string, body: object): Promise<PaymentRequired> =>
      requiredFromHeader(await post(url(path), body, { "x-forwarded-for": ip() }));
    const withSignature = (path: string, body: object, signature: string) =>
      post(url(path), body, { "payment-signature": signature, "x-forwarded-for": ip() });

    const fixedBody = { prompt: "a lighthouse in fog" };
    const fixedQuote = await quote(FIXED, fixedBody);
    const valid = await signedPayment(PAYER, fixedQuote);
    const pay = (payment: unknown) => withSignature(FIXED, fixedBody, asHeader(payment));
    const signedWith = async (o: Parameters<typeof signedPayment>[2]) =>
      pay(await signedPayment(PAYER, fixedQuote, o));
    const now = BigInt(Math.floor(Date.now() / 1000));

    // The one legitimate payment: 20 copies of one signature at once make one job and one charge.
    const cheapQuote = await quote(CHEAP, CHEAP_BODY);
    const paid = asHeader(await signedPayment(PAYER, cheapQuote));
    const copies = await Promise.all(
      Array.from({ length: 20 }, () => withSignature(CHEAP, CHEAP_BODY, paid)),
    );
    const statuses = copies.map((r) => r.status);
    assert.ok(
      statuses.every((s) => s === 200 || s === 409) && statuses.includes(200),
      statuses.join(","),
    );
    const jobIds = new Set(
      await Promise.all(
        copies
          .filter((r) => r.status === 200)
          .map(async (r) => ((await r.json()) as { job_id: string }).job_id),
      ),
    );
    assert.equal(jobIds.size, 1);
    const [jobId] = [...jobIds] as [string];
    const job = await waitForJob(stack.server.url, jobId, 120_000);
    assert.equal(job.status, "succeeded");
    const link = new URL(job.video_url ?? "");
    const key = decodeURIComponent(link.pathname.split("/").pop() ?? "");
    const expires = Number(link.searchParams.get("expires"));
    const video = (path: string) => fetch(url(path));

    // Cross-site: another site's page can get only itself blocked, not the visitor.
    const visitor = ip();
    const evil = { "x-forwarded-for": visitor, origin: "https://evil.example" };
    const rejected = { prompt: "a castle --ar 16:9" };
    const harmless = { prompt: "a kite over a meadow" };
    // An agent without Origin keeps today's behaviour: its own rejections block its address.
    const agent = ip();

    const cases: Case[] = [
      // 3. Content-Type
      {
        name: "text/plain body",
        send: () => paying(FIXED, JSON.stringify(harmless), { "content-type": "text/plain" }),
        status: 403,
        code: "unsupported_media_type",
      },
      {
        name: "no Content-Type",
        send: () => paying(FIXED, new TextEncoder().encode(JSON.stringify(harmless))),
        status: 403,
        code: "unsupported_media_type",
      },
      {
        name: "form-urlencoded body",
        send: () => paying(FIXED, new URLSearchParams({ prompt: "a kite" })),
        status: 403,
        code: "unsupported_media_type",
      },
      {
        name: "multipart body",
        send: () => {
          const f = new FormData();
          f.set("prompt", "a kite");
          return paying(FIXED, f);
        },
        status: 403,
        code: "unsupported_media_type",
      },
      {
        name: "JSON declared in latin-1",
        send: () =>
          paying(FIXED, JSON.stringify(harmless), {
            "content-type": "application/json; charset=iso-8859-1",
          }),
        status: 403,
        code: "unsupported_media_type",
      },
      {
        name: "application/json; charset=utf-8 is quoted",
        send: () =>
          post(url(FIXED), harmless, {
            "content-type": "application/json; charset=utf-8",
            "x-forwarded-for": ip(),
          }),
        status: 402,
        code: "Payment required",
      },
      ...[1, 2, 3, 4, 5].map((n) => ({
        name: `cross-site rejected prompt ${n}/5`,
        send: () => post(url(FIXED), rejected, evil),
        status: 403,
        code: "content_policy",
      })),
      {
        name: "that site's next request from the visitor is blocked",
        send: () => post(url(FIXED), harmless, evil),
        status: 429,
        code: "ip_blocked",
      },
      {
        name: "the visitor's own agent (no Origin) is not blocked",
        send: () => post(url(FIXED), harmless, { "x-forwarded-for": visitor }),
        status: 402,
        code: "Payment required",
      },
      {
        name: "the visitor in the studio (our Origin) is not blocked",
        send: () =>
          post(url(FIXED), harmless, { "x-forwarded-for": visitor, origin: stack.server.url }),
        status: 402,
        code: "Payment required",
      },
      {
        name: "the visitor on another site is not blocked",
        send: () =>
          post(url(FIXED), harmless, {
            "x-forwarded-for": visitor,
            origin: "https://fine.example",
          }),
        status: 402,
        code: "Payment required",
      },
      ...[1, 2, 3, 4, 5].map((n) => ({
        name: `agent rejected prompt ${n}/5`,
        send: () => post(url(FIXED), rejected, { "x-forwarded-for": agent }),
        status: 403,
        code: "content_policy",
      })),
      {
        name: "the agent's address is then blocked",
        send: () => post(url(FIXED), harmless, { "x-forwarded-for": agent }),
        status: 429,
        code: "ip_blocked",
      },
      {
        name: "an address's own block holds for every Origin",
        send: () =>
          post(url(FIXED), harmless, { "x-forwarded-for": agent, origin: "https://fine.example" }),
        status: 429,
        code: "ip_blocked",
      },
      // 4. Malformed payments: a 402 naming the part, never a 500
      {
        name: "signature: not base64",
        send: () => withSignature(FIXED, fixedBody, "!!not-base64!!"),
        status: 402,
        code: "invalid_payment:PAYMENT-SIGNATURE",
      },
      {
        name: "signature: base64 of {}",
        send: () => pay({}),
        status: 402,
        code: "invalid_payment:x402Version",
      },
      {
        name: "signature: base64 of []",
        send: () => pay([]),
        status: 402,
        code: "invalid_payment:PAYMENT-SIGNATURE",
      },
      {
        name: "signature: base64 of null",
        send: () => pay(null),
        status: 402,
        code: "invalid_payment:PAYMENT-SIGNATURE",
      },
      {
        name: "signature: base64 of 123",
        send: () => pay(123),
        status: 402,
        code: "invalid_payment:PAYMENT-SIGNATURE",
      },
      {
        name: "payload: null",
        send: () => pay({ ...valid, payload: null }),
        status: 402,
        code: "invalid_payment:payload",
      },
      {
        name: "signature missing",
        send: () => pay({ ...valid, payload: { authorization: valid.payload.authorization } }),
        status: 402,
        code: "invalid_payment:payload.signature",
      },
      {
        name: "authorization missing (not EIP-3009)",
        send: () => pay({ ...valid, payload: { signature: valid.payload.signature } }),
        status: 402,
        code: "invalid_payment:payload.authorization",
      },
      ...([1, 3, "2", undefined] as const).map((v) => ({
        name: `x402Version ${JSON.stringify(v) ?? "missing"}`,
        send: () => pay({ ...valid, x402Version: v }),
        status: 402,
        code: "invalid_payment:x402Version",
      })),
      {
        name: "validBefore 2^63 (signed)",
        send: () => signedWith({ validBefore: 2n ** 63n }),
        status: 402,
        code: "invalid_payment:payload.authorization.validBefore",
      },
      {
        name: "validBefore not a number",
        send: () =>
          pay({
            ...valid,
            payload: {
              ...valid.payload,
              authorization: { ...valid.payload.authorization, validBefore: "soon" },
            },
          }),
        status: 402,
        code: "invalid_payment:payload.authorization.validBefore",
      },
      // 5. Time bounds, before verify
      {
        name: "validBefore ten years out (signed)",
        send: () => signedWith({ validBefore: now + 10n * 365n * 86_400n }),
        status: 402,
        code: "invalid_payment:payload.authorization.validBefore",
      },
      {
        name: "validAfter an hour ahead (signed)",
        send: () => signedWith({ validAfter: now + 3600n }),
        status: 402,
        code: "invalid_payment:payload.authorization.validAfter",
      },
      {
        name: "expired window (signed)",
        send: () => signedWith({ validAfter: now - 600n, validBefore: now - 60n }),
        status: 402,
        code: "invalid_payment:payload.authorization.validBefore",
      },
      // 6. Prompts that cannot be stored or show nothing
      {
        name: "prompt with NUL",
        send: () => json(FIXED, { prompt: "a cat\u0000" }),
        status: 403,
        code: "invalid_request",
      },
      {
        name: "prompt with a bell character",
        send: () => json(FIXED, { prompt: "a cat\u0007" }),
        status: 403,
        code: "invalid_request",
      },
      {
        name: "prompt with a lone surrogate",
        send: () => json(FIXED, { prompt: "a cat \ud800" }),
        status: 403,
        code: "invalid_request",
      },
      {
        name: "prompt of zero-width spaces",
        send: () => json(FIXED, { prompt: "\u200b\u200b\u200b" }),
        status: 403,
        code: "invalid_request",
      },
      {
        name: "prompt of joiners and BOMs",
        send: () => json(FIXED, { prompt: "\u200d\ufeff\u2060 \u3164" }),
        status: 403,
        code: "invalid_request",
      },
      // Already held: signatures for another body, recipient, asset or chain
      {
        name: "signature for a cheaper body",
        send: async () =>
          withSignature(CHEAP, { ...CHEAP_BODY, duration: 15, resolution: "720p" }, paid),
        status: 402,
        code: "invalid_payment:accepted",
      },
      {
        name: "a paid authorization replayed for another prompt at the same price",
        send: () => withSignature(CHEAP, { ...CHEAP_BODY, prompt: "someone else's clip" }, paid),
        status: 402,
        code: "invalid_payment:payload.authorization.nonce",
      },
      {
        name: "the paid authorization replayed for its own body",
        send: () => withSignature(CHEAP, CHEAP_BODY, paid),
        status: 200,
        code: "ok",
      },
      {
        name: "wrong payTo (signed)",
        send: () => signedWith({ accepted: { payTo: devnetAccount(PAYER).address } }),
        status: 402,
        code: "invalid_payment:accepted",
      },
      {
        name: "authorization to another address under the quoted payTo (signed)",
        send: () => signedWith({ to: devnetAccount(PAYER).address }),
        status: 402,
        code: "invalid_payment:payload.authorization.to",
      },
      {
        name: "authorization for less than the quote (signed)",
        send: () => signedWith({ value: 1n }),
        status: 402,
        code: "invalid_payment:payload.authorization.value",
      },
      {
        name: "wrong asset (signed)",
        send: () =>
          signedWith({ accepted: { asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" } }),
        status: 402,
        code: "invalid_payment:accepted",
      },
      {
        name: "wrong chain (signed for Base mainnet)",
        send: () => signedWith({ accepted: { network: "eip155:8453" }, chainId: 8453 }),
        status: 402,
        code: "invalid_payment:accepted",
      },
      {
        name: "forged signature bytes",
        send: () =>
          pay({ ...valid, payload: { ...valid.payload, signature: `0x${"11".repeat(65)}` } }),
        status: 402,
        code: "invalid_exact_evm_signature",
      },
      // Already held: bodies
      {
        name: "oversized body (declared)",
        send: () => json(FIXED, { prompt: "x".repeat(17_000) }),
        status: 403,
        code: "body_too_large",
      },
      {
        name: "oversized body (streamed, no length)",
        send: () =>
          fetch(url(FIXED), {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": ip() },
            body: streamed(20_000),
            duplex: "half",
          } as RequestInit),
        status: 403,
        code: "body_too_large",
      },
      {
        name: "invalid UTF-8 body",
        send: () =>
          paying(
            FIXED,
            new Uint8Array([0x7b, 0x22, 0x70, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
            { "content-type": "application/json" },
          ),
        status: 403,
        code: "invalid_request",
      },
      {
        name: "unknown product",
        send: () => json("/generate/alpha/60s-4k", harmless),
        status: 404,
        code: "not_found",
      },
      // Already held: download links
      {
        name: "link with a tampered signature",
        send: () =>
          video(`/videos/${encodeURIComponent(key)}?expires=${expires}&sig=${"A".repeat(43)}`),
        status: 403,
        code: "link_invalid",
      },
      {
        name: "link with a lengthened expiry",
        send: () =>
          video(
            `/videos/${encodeURIComponent(key)}?expires=${expires + 86_400}&sig=${link.searchParams.get("sig")}`,
          ),
        status: 403,
        code: "link_invalid",
      },
      {
        name: "link without a signature",
        send: () => video(`/videos/${encodeURIComponent(key)}?expires=${expires}`),
        status: 403,
        code: "link_invalid",
      },
      {
        name: "expired link",
        send: () => video(signVideoPath(SECRET, key, new Date(Date.now() - 1000))),
        status: 403,
        code: "link_expired",
      },
      {
        name: "traversal with a valid signature",
        send: () =>
          video(signVideoPath(SECRET, "../../../etc/passwd", new Date(Date.now() + 60_000))),
        status: 404,
        code: "not_found",
      },
      {
        name: "traversal, unsigned",
        send: () => video(`/videos/..%2F..%2Fetc%2Fpasswd?expires=${expires}&sig=x`),
        status: 403,
        code: "link_invalid",
      },
    ];

    const failures: string[] = [];
    for (const c of cases) {
      const res = await c.send();
      const code = await codeOf(res);
      if (res.status !== c.status || code !== c.code)
        failures.push(`${c.name}: got ${res.status} ${code}, want ${c.status} ${c.code}`);
    }
    const payerLoss = payerStart - (await stack.chain.balanceOf(devnetAccount(PAYER).address));
    const payToGain = (await stack.chain.balanceOf(PAY_TO)) - payToStart;
    const status = (await (await fetch(url("/status"))).json()) as { total_jobs: number };
    const total = cases.length + 1; // + the 20 concurrent copies
    console.log(
      `hostile cases tried: ${total}; charged when nothing was owed: ${payerLoss > OWED ? String(payerLoss - OWED) : "0"} atomic units; jobs: ${status.total_jobs}`,
    );
    assert.deepEqual(failures, []);
    assert.equal(payerLoss, OWED, "the payer lost exactly the one job it paid for");
    assert.equal(payToGain, OWED, "payTo gained exactly that");
    assert.equal(status.total_jobs, 1, "no refused case created a job");
    assert.doesNotMatch(stack.server.output(), /internal_error|unhandled error/);
  });
});

/** A body streamed in chunks with no Content-Length, so only the reader's count can stop it. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new TextEncoder().encode(`{"prompt":"${"y".repeat(1000)}`);
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}
