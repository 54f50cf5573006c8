import assert from "node:assert/strict";
import { createServer, type Server, type Socket } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { createPublicClient, http, type PublicClient } from "viem";
import { localChain } from "@/lib/money/payments/chain";
import { createChainHeads } from "@/lib/money/payments/chain-head";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { DeliveryLane } from "@/lib/notify/webhooks/delivery-lane";
import { enqueueEvent, saveEndpoint } from "@/lib/notify/webhooks/repository";
import { runMaintenance } from "@/lib/server/workflow/maintenance";
import { payerSequence, queuedJob, tempDbPerTest } from "../helpers/jobs";

const freshDb = tempDbPerTest();
const payer = payerSequence(0x900);
const allow = { allowPrivate: true, retryBaseMs: 1 };

/** A receiver that accepts connections and never answers. */
async function hangingReceiver() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => sockets.size,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function hookedJobs(db: Awaited<ReturnType<typeof freshDb>>["db"], url: string, n: number) {
  for (let i = 0; i < n; i++) {
    const job = await queuedJob(db, payer());
    await saveEndpoint(db, job.id, url);
    await enqueueEvent(db, job.id, "job.failed", { job_id: job.id });
  }
}

test("the upkeep tick does not wait for hanging webhook receivers", async () => {
  const { db, dir } = await freshDb();
  const receiver = await hangingReceiver();
  try {
    await hookedJobs(db, receiver.url, 3);
    const rpc = "http://127.0.0.1:9";
    const lane = new DeliveryLane(db, allow);
    const tick = async () => {
      const started = Date.now();
      const result = await runMaintenance({
        db,
        chain: createPublicClient({ chain: localChain(rpc), transport: http(rpc) }) as PublicClient,
        asset: "0x0000000000000000000000000000000000000001",
        refundWallet: null,
        store: createLocalStore({ dir: path.join(dir, "videos"), secret: "s".repeat(32) }),
        staleVerifiedMs: 60_000,
        expiryMarginSeconds: 10,
        onQueued: async () => {},
        settle: async () => {
          throw new Error("no payment to settle here");
        },
        heads: createChainHeads(),
        webhookLane: lane,
      });
      return { ms: Date.now() - started, result };
    };
    const first = await tick();
    // The send timeout is 10 s: a tick that waited for the receivers would take that long.
    assert.ok(first.ms < 5_000, `the tick took ${first.ms} ms`);
    const deadline = Date.now() + 5_000;
    while (receiver.connections() < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(receiver.connections(), 3, "all three deliveries are out, hanging");
    const second = await tick();
    assert.ok(second.ms < 5_000, `the next tick took ${second.ms} ms`);
    assert.ok(second.result.webhooks >= 3, "the hanging deliveries are still in their lane");
    assert.ok(existsSync(dir));
  } finally {
    await receiver.close();
  }
});

test("the lane holds at most its concurrency, and a hard timeout gives a hanging attempt's place back", async () => {
  const { db } = await freshDb();
  const receiver = await hangingReceiver();
  try {
    await hookedJobs(db, receiver.url, 5);
    const lane = new DeliveryLane(db, allow, { concurrency: 2, hardTimeoutMs: 300 });
    lane.kick();
    const until = async (what: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return what();
    };
    assert.ok(await until(() => receiver.connections() >= 2, 5_000));
    assert.ok(lane.busy <= 2, `${lane.busy} in flight`);
    // Cut off at 300 ms each, the places go to the deliveries still waiting.
    assert.ok(await until(() => receiver.connections() >= 5, 10_000), "every delivery was tried");
    assert.ok(lane.busy <= 2);
  } finally {
    await receiver.close();
  }
});
