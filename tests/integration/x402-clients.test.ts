import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { decodePaymentResponseHeader as decodeForAxios } from "@x402/axios";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { appendPaymentIdentifierToExtensions } from "@x402/extensions/payment-identifier";
import { isAxiosError } from "axios";
import { PAY_TO } from "../helpers/chain";
import { payingAxios, payingFetch } from "../helpers/payer";
import { waitForJob } from "../helpers/poll";
import { type Stack, startStack } from "../helpers/stack";

type Answer = {
  status: number;
  body: { job_id?: string; code?: string };
  paymentResponse?: string;
};

/** One registry x402 client, seen the same way whatever its HTTP library. */
type StockClient = {
  address: string;
  onBeforePaymentCreation: (hook: SignHook) => unknown;
  post: (url: string, body: object, headers: Record<string, string>) => Promise<Answer>;
  settlement: (header: string) => { success: boolean; transaction: string; payer?: string };
};
type SignHook = (ctx: {
  paymentRequired: { extensions?: Record<string, unknown> };
}) => Promise<void>;

/** What every client has alike: the paying account and the hook that sees each 402 first. */
function payerOf(payer: {
  account: { address: string };
  client: { onBeforePaymentCreation: (hook: SignHook) => unknown };
}): Pick<StockClient, "address" | "onBeforePaymentCreation"> {
  return {
    address: payer.account.address,
    onBeforePaymentCreation: (hook) => payer.client.onBeforePaymentCreation(hook),
  };
}

function fetchClient(index: number): StockClient {
  const payer = payingFetch(index);
  return {
    ...payerOf(payer),
    post: async (url, body, headers) => {
      const res = await payer.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      const paymentResponse = res.headers.get("payment-response") ?? undefined;
      return { status: res.status, body: await res.json(), paymentResponse };
    },
    settlement: decodePaymentResponseHeader,
  };
}

function axiosClient(index: number): StockClient {
  const payer = payingAxios(index);
  return {
    ...payerOf(payer),
    post: async (url, body, headers) => {
      try {
        const res = await payer.axios.post(url, body, { headers });
        const paymentResponse = res.headers["payment-response"] as string | undefined;
        return { status: res.status, body: res.data, paymentResponse };
      } catch (error) {
        if (isAxiosError(error) && error.response)
          return { status: error.response.status, body: error.response.data };
        throw error;
      }
    },
    settlement: decodeForAxios,
  };
}

/** The version of `pkg` as `from` resolves it: npm nests the @x402/core that @x402/axios pins. */
function versionOf(pkg: string, from = import.meta.url): string {
  const entry = createRequire(from).resolve(pkg);
  const root = entry.slice(0, entry.lastIndexOf("/dist/"));
  return (JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { version: string }).version;
}
const axiosEntry = createRequire(import.meta.url).resolve("@x402/axios");

describe("every registry x402 v2 client pays, gets its clip, and is never charged twice", () => {
  let stack: Stack;
  const body = { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };
  const quote = 260_000n;
  const url = () => `${stack.server.url}/generate/alpha-fast/custom`;

  before(async () => {
    stack = await startStack({ database: "postgres", env: { POLL_INTERVAL_MS: "200" } });
  });
  after(async () => {
    await stack?.close();
  });

  /**
   * Pays with a payment-identifier and an Idempotency-Key, polls the job to success, then
   * replays: the same key is answered from the first job, never charged again; the key is the
   * payer's, so the client proves the wallet with a fresh signature that is never settled. A new
   * key makes the client sign again with the same payment id, which is refused before any charge.
   */
  async function paysOnceAndReplays(client: StockClient) {
    const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    let signatures = 0;
    client.onBeforePaymentCreation(async ({ paymentRequired }) => {
      signatures += 1;
      paymentRequired.extensions ??= {};
      appendPaymentIdentifierToExtensions(paymentRequired.extensions, paymentId);
    });
    const key = crypto.randomUUID();
    const before = await stack.chain.balanceOf(client.address);
    const payToBefore = await stack.chain.balanceOf(PAY_TO);

    const first = await client.post(url(), body, { "idempotency-key": key });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const jobId = first.body.job_id;
    assert.ok(jobId);
    assert.ok(first.paymentResponse, "PAYMENT-RESPONSE header");
    const settlement = client.settlement(first.paymentResponse);
    assert.equal(settlement.success, true);
    assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(settlement.payer?.toLowerCase(), client.address.toLowerCase());
    const paid = await stack.chain.balanceOf(client.address);
    assert.equal(before - paid, quote);
    assert.equal((await stack.chain.balanceOf(PAY_TO)) - payToBefore, quote);

    const job = await waitForJob(stack.server.url, jobId);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    assert.ok(job.video_url);

    const replay = await client.post(url(), body, { "idempotency-key": key });
    assert.equal(replay.status, 200, JSON.stringify(replay.body));
    assert.equal(replay.body.job_id, jobId);
    // The replay's signature proves the payer; the balances below show it was never settled.
    assert.equal(signatures, 2, "the replay signed once to prove the payer");

    const resigned = await client.post(url(), body, { "idempotency-key": crypto.randomUUID() });
    assert.equal(resigned.status, 409, JSON.stringify(resigned.body));
    assert.equal(resigned.body.code, "payment_identifier_reused");
    assert.equal(signatures, 3);

    assert.equal(await stack.chain.balanceOf(client.address), paid);
    assert.equal((await stack.chain.balanceOf(PAY_TO)) - payToBefore, quote);
  }

  test(`@x402/fetch ${versionOf("@x402/fetch")} on @x402/core ${versionOf("@x402/core/client")}`, {
    timeout: 120_000,
  }, async () => {
    await paysOnceAndReplays(fetchClient(1));
  });

  test(`@x402/axios ${versionOf("@x402/axios")} on @x402/core ${versionOf("@x402/core/client", axiosEntry)}`, {
    timeout: 120_000,
  }, async () => {
    await paysOnceAndReplays(axiosClient(2));
  });
});
