import { randomUUID } from "node:crypto";
import { x402Client } from "@x402/core/client";
import { toClientEvmSigner } from "@x402/evm";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { devnetAccount } from "@/lib/devnet/accounts";
import { DEVNET_NETWORK } from "@/lib/platform/env";

export const SOAK_PATH = "/generate/alpha-fast/custom";

/** One HTTP exchange as the client saw it: the unpaid challenge or the paid retry. */
export type Exchange = {
  kind: "challenge" | "paid";
  status: number | "error";
  ms: number;
  at: number;
};

export type JobOutcome = {
  wallet: number;
  tag: string;
  jobId: string | null;
  status: string;
  tries: number;
};

/** Statuses after which the same request (same Idempotency-Key) is simply tried again. */
const RETRYABLE = new Set([402, 409, 429, 502, 503, 504]);
const LANES_PER_WALLET = 2;
/** How long a client keeps repeating one request: past a restart, and past the reconciler settling a request cut off mid-payment. */
const GIVE_UP_MS = 180_000;

/**
 * Each wallet pays through two client lanes at once without waiting for the videos, so its paid
 * jobs pile up toward its generation slots while the machine is not drowned in signatures. A
 * request lost to a killed instance, or whose payment was refused, is repeated with its
 * Idempotency-Key, as a careful client would.
 */
export async function runLoad(opts: {
  url: string;
  wallets: number[];
  jobs: number;
  runId: string;
  exchanges: Exchange[];
}): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  const lanes: Promise<void>[] = [];
  opts.wallets.forEach((wallet, w) => {
    const pay = payingFetch(wallet, opts.exchanges);
    const mine = Array.from({ length: opts.jobs }, (_, n) => n).filter(
      (n) => n % opts.wallets.length === w,
    );
    for (let lane = 0; lane < LANES_PER_WALLET; lane++) {
      lanes.push(
        (async () => {
          for (const n of mine.filter((_, i) => i % LANES_PER_WALLET === lane)) {
            // Hex and digits only: the content screen reads words like "j10" as names.
            outcomes.push(
              await payOne(
                opts.url,
                pay,
                wallet,
                `take ${opts.runId}${String(n).padStart(4, "0")}`,
              ),
            );
          }
        })(),
      );
    }
  });
  await Promise.all(lanes);
  return outcomes;
}

async function payOne(
  url: string,
  pay: typeof fetch,
  wallet: number,
  tag: string,
): Promise<JobOutcome> {
  const key = randomUUID();
  const body = JSON.stringify({
    prompt: `a lighthouse in fog, ${tag}`,
    duration: 4,
    resolution: "480p",
  });
  let status = "error";
  const deadline = Date.now() + GIVE_UP_MS;
  let tries = 0;
  while (Date.now() < deadline) {
    tries++;
    try {
      const res = await pay(`${url}${SOAK_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body,
        signal: AbortSignal.timeout(60_000),
      });
      const json = (await res.json().catch(() => null)) as {
        job_id?: string;
        code?: string;
        error?: string;
      } | null;
      // A 402 here means the client's payment was refused (the wrapper already paid once); its reason is kept.
      status = `${res.status}${json?.code ? ` ${json.code}` : ""}${res.status === 402 && json?.error ? ` ${json.error.slice(0, 80)}` : ""}`;
      if (res.status === 402) refusedPayments.push(status);
      if ((res.status === 200 || res.status === 202) && json?.job_id)
        return { wallet, tag, jobId: json.job_id, status, tries };
      // A 200 whose body was cut off by a dying instance is asked again: the key replays the job.
      if (!RETRYABLE.has(res.status) && res.status !== 200 && res.status !== 202)
        return { wallet, tag, jobId: null, status, tries };
    } catch {
      status = "error";
    }
    await sleep(250 + Math.random() * 750);
  }
  return { wallet, tag, jobId: null, status, tries };
}

/** The stock x402 client for devnet account #index, its underlying fetch timed per exchange. */
function payingFetch(index: number, exchanges: Exchange[]): typeof fetch {
  const client = new x402Client();
  registerExactEvmScheme(client, {
    signer: toClientEvmSigner(devnetAccount(index)),
    networks: [DEVNET_NETWORK],
  });
  client.setSpendControls({ maxAmountPerPayment: "$20", allowedAssets: true });
  const timed: typeof fetch = async (input, init) => {
    const headers = input instanceof Request ? input.headers : new Headers(init?.headers);
    const kind = headers.has("payment-signature") ? "paid" : "challenge";
    const at = Date.now();
    const t0 = performance.now();
    try {
      const res = await fetch(input, init);
      exchanges.push({ kind, status: res.status, ms: performance.now() - t0, at });
      return res;
    } catch (error) {
      exchanges.push({ kind, status: "error", ms: performance.now() - t0, at });
      throw error;
    }
  };
  return wrapFetchWithPayment(timed, client);
}

/** Payments the service refused (a 402 after paying), with their reasons. */
export const refusedPayments: string[] = [];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
