import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { payingFetch } from "../helpers/payer";
import { type JobBody, waitFor } from "../helpers/poll";
import { startServer } from "../helpers/server";

const SECOND = "eip155:31338";
const QUOTE = 910_000n; // alpha-fast, 5 s at 720p

type JobWithRefund = JobBody & {
  refund: { status: string; amount: string; transaction: string | null } | null;
};

describe("several EVM networks at once", () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  test("the 402 lists each network; a payer on each pays there, and a failed job is refunded on the network it was paid on", {
    timeout: 300_000,
  }, async () => {
    const first = await startTestChain();
    cleanups.push(first.stop);
    const second = await startTestChain({ chainId: 31338 });
    cleanups.push(second.stop);
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const server = await startServer({
      RPC_URL: first.rpcUrl,
      USDC_ADDRESS: first.token,
      EXTRA_NETWORKS: `${SECOND}=${second.rpcUrl}@${second.token}`,
      DATABASE_URL: db.url,
      // Every render fails, so every paid job ends in a refund.
      LOCAL_RENDER_FAULT_RATE: "1",
      POLL_INTERVAL_MS: "100",
    });
    cleanups.push(() => server.stop());
    const url = `${server.url}/generate/alpha-fast/5s-720p`;
    const body = JSON.stringify({ prompt: "a lighthouse in a storm" });

    const challenge = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    assert.equal(challenge.status, 402);
    const required = JSON.parse(
      Buffer.from(challenge.headers.get("payment-required") ?? "", "base64").toString(),
    ) as { accepts: { network: string; amount: string; asset: string }[] };
    assert.deepEqual(
      required.accepts.map((a) => [a.network, a.amount, a.asset.toLowerCase()]),
      [
        ["eip155:31337", String(QUOTE), first.token.toLowerCase()],
        [SECOND, String(QUOTE), second.token.toLowerCase()],
      ],
    );

    // The storefront, llms.txt and OpenAPI name both networks.
    const storefront = (await (
      await fetch(`${server.url}/`, {
        headers: { accept: "application/json" },
      })
    ).json()) as { payment: { networks: { network: string; asset: string }[] } };
    assert.deepEqual(
      storefront.payment.networks.map((n) => [n.network, n.asset.toLowerCase()]),
      [
        ["eip155:31337", first.token.toLowerCase()],
        [SECOND, second.token.toLowerCase()],
      ],
    );
    const llms = await (await fetch(`${server.url}/llms.txt`)).text();
    assert.match(
      llms,
      /Also accepted at the same prices: USDC on Reel402 devnet \(local anvil, chain id 31338\) \(`eip155:31338`\)/,
    );
    assert.match(llms, /networks: \["eip155:31337", "eip155:31338"\]/);
    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, { post?: { "x-payment-info": { networks: { network: string }[] } } }>;
    };
    assert.deepEqual(
      openapi.paths["/generate/alpha-fast/5s-720p"]?.post?.["x-payment-info"].networks.map(
        (n) => n.network,
      ),
      ["eip155:31337", SECOND],
    );

    const payOn = async (network: `${string}:${string}`, index: number, paid: TestChain) => {
      const payer = payingFetch(index, "$20", network);
      const other = paid === first ? second : first;
      const before = {
        paid: await paid.balanceOf(payer.account.address),
        other: await other.balanceOf(payer.account.address),
      };
      const res = await payer.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      assert.equal(res.status, 200, await res.clone().text());
      const { job_id } = (await res.json()) as { job_id: string };
      assert.equal(before.paid - (await paid.balanceOf(payer.account.address)), QUOTE);
      assert.equal(await other.balanceOf(payer.account.address), before.other);
      return { payer, job_id, before };
    };

    const onFirst = await payOn("eip155:31337", 1, first);
    const onSecond = await payOn(SECOND, 2, second);

    for (const [paid, other, { payer, job_id, before }] of [
      [first, second, onFirst],
      [second, first, onSecond],
    ] as const) {
      const done = await waitFor(
        `job ${job_id}'s refund confirmed`,
        async () => {
          const j = (await (await fetch(`${server.url}/jobs/${job_id}`)).json()) as JobWithRefund;
          return j.refund?.status === "confirmed" ? j : null;
        },
        120_000,
      );
      assert.equal(done.status, "failed");
      assert.equal(done.refund?.amount, "0.91");
      // Restored on the chain it was paid on; the other chain never saw this payer's money move.
      assert.equal(await paid.balanceOf(payer.account.address), before.paid);
      assert.equal(await other.balanceOf(payer.account.address), before.other);
    }
  });
});
