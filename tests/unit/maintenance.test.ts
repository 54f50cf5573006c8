import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { test } from "node:test";
import { createPublicClient, http, type PublicClient } from "viem";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import { localChain } from "@/lib/money/payments/chain";
import { createChainHeads } from "@/lib/money/payments/chain-head";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { runMaintenance } from "@/lib/server/workflow/maintenance";
import { queuedJob, tempDbPerTest } from "../helpers/jobs";

const freshDb = tempDbPerTest();

test("the upkeep tick removes expired videos and the partial files a crashed upload left behind", async () => {
  const db = await freshDb();
  const videos = path.join(db.dir, "videos");
  const store = createLocalStore({ dir: videos, secret: "s".repeat(32) });

  const job = await queuedJob(db.db, "0x00000000000000000000000000000000000000dd");
  await changeStatus(db.db, job.id, "queued", "generating", { startedAt: new Date() });
  await store.put(job.id, Readable.from([Buffer.from("mp4")]), "video/mp4");
  await changeStatus(db.db, job.id, "generating", "succeeded", {
    videoKey: job.id,
    videoExpiresAt: new Date(Date.now() - 1_000),
    finishedAt: new Date(),
    runAfter: null,
  });

  await mkdir(videos, { recursive: true });
  const crashed = path.join(videos, "job-x.mp4.0123456789ab.partial");
  const live = path.join(videos, "job-y.mp4.ba9876543210.partial");
  await writeFile(crashed, "half a video");
  await writeFile(live, "an upload still being written");
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  await utimes(crashed, twoHoursAgo, twoHoursAgo);

  // No payment is open, so the settlement step never asks this (unreachable) chain.
  const rpc = "http://127.0.0.1:9";
  const result = await runMaintenance({
    db: db.db,
    chain: createPublicClient({ chain: localChain(rpc), transport: http(rpc) }) as PublicClient,
    asset: "0x0000000000000000000000000000000000000001",
    refundWallet: null,
    store,
    staleVerifiedMs: 60_000,
    expiryMarginSeconds: 10,
    onQueued: async () => {},
    settle: async () => {
      throw new Error("no payment to settle here");
    },
    heads: createChainHeads(),
    partials: { dir: videos, olderThanMs: 3600_000 },
  });

  assert.equal(result.expired, 1);
  assert.equal(existsSync(path.join(videos, `${job.id}.mp4`)), false, "the video file is gone");
  assert.equal((await getJob(db.db, job.id))?.videoKey, null, "the job no longer names it");
  assert.equal(result.sweptPartials, 1);
  assert.equal(existsSync(crashed), false, "the crashed upload's leftover is removed");
  assert.equal(existsSync(live), true, "a live upload's file is left alone");
});
