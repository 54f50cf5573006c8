import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { createPublicClient, http, parseAbiItem } from "viem";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import { chainServers } from "../helpers/chain-servers";
import { FACE_PHOTO, stillClip } from "../helpers/clips";
import { syntheticImage } from "../helpers/images";
import { payForJob } from "../helpers/pay";
import { payingFetch } from "../helpers/payer";
import type { JobBody } from "../helpers/poll";
import type { TestServer } from "../helpers/server";

/**
 * The second line behind upload screening, on the built server with the real chain: an upstream
 * that delivers a face for a face-free picture gets its job failed and refunded on chain, and no
 * link to that video ever exists; honest output of the local renderer is still delivered.
 */

const TRANSFER = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);
const OPERATOR = devnetAccount(0).address;

type Job = JobBody & {
  refund: { status: string; amount: string; transaction: string | null } | null;
};

async function upload(base: string, bytes: Buffer): Promise<string> {
  const res = await fetch(`${base}/uploads`, {
    method: "POST",
    headers: { "content-type": "image/png" },
    body: new Uint8Array(bytes),
  });
  const body = (await res.json()) as { id?: string };
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.id as string;
}

/** Polls the job until `done` says so, keeping every video_url it was ever shown. */
async function watch(s: TestServer, id: string, done: (j: Job) => boolean, timeoutMs = 180_000) {
  try {
    return await watchJob(s.url, id, done, timeoutMs);
  } catch (error) {
    // The server's own log says why a job stalled or the server went away.
    throw new Error(`${String(error)}\n${s.output().slice(-4000)}`);
  }
}

async function watchJob(base: string, id: string, done: (j: Job) => boolean, timeoutMs: number) {
  const urls = new Set<string | null>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await (await fetch(`${base}/jobs/${id}`)).json()) as Job;
    urls.add(job.video_url);
    if (done(job)) return { job, urls: [...urls] };
    if (Date.now() > deadline)
      throw new Error(`job ${id} still ${job.status}: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (j: Job) => ["succeeded", "failed", "cancelled"].includes(j.status);

describe("output screening on the built server", () => {
  const suite = chainServers();
  let ark: ArkFake;
  let faceClip: Buffer;
  let picture: Buffer;
  before(async () => {
    [faceClip, picture] = await Promise.all([
      stillClip(FACE_PHOTO, 4, { size: "640x480" }),
      syntheticImage("testsrc2", 800, 600, "png"),
    ]);
    // A misbehaving upstream: whatever it is asked for, the clip it delivers shows a face.
    ark = await startArkFake({ pollsBeforeDone: 1, video: () => faceClip });
  });
  after(async () => {
    await ark?.close();
  });

  test("a face delivered for a face-free picture: failed for the output policy, refunded on chain, never linked", {
    timeout: 300_000,
  }, async () => {
    const { s } = await suite.fresh({
      PROVIDERS: "ark",
      ARK_BASE_URL: ark.url,
      ARK_API_KEY: ark.apiKey,
    });
    const image = await upload(s.url, picture);
    const payer = payingFetch(3).account.address;
    const start = await suite.chain().balanceOf(payer);
    const created = await payForJob(s.url, 3, "/generate/alpha-fast/image-to-video", {
      image,
      duration: 4,
      resolution: "480p",
    });
    const paid = start - (await suite.chain().balanceOf(payer));
    assert.ok(paid > 0n, "the job was paid for");

    const { job, urls } = await watch(s, created.job_id, (j) => j.refund?.status === "confirmed");
    assert.equal(job.status, "failed");
    assert.equal(job.attempts, 1, "no other upstream is paid to try again");
    assert.equal(job.error?.code, "output_content_policy");
    assert.match(job.error?.message ?? "", /withheld/);
    assert.doesNotMatch(
      JSON.stringify(job.error),
      /\d\.\d|ark|127\.0\.0\.1/,
      "no scores or upstream",
    );
    assert.deepEqual(urls, [null], "no video URL was ever served for it");
    assert.equal(
      readdirSync(path.join(s.dataDir, "videos"), { recursive: true }).some((f) =>
        String(f).includes(created.job_id),
      ),
      false,
      "the withheld video was never stored",
    );

    // The refund is a real transfer from the operator back to the payer, of exactly the price.
    assert.equal(await suite.chain().balanceOf(payer), start);
    const rpcUrl = suite.chain().rpcUrl;
    const logs = await createPublicClient({
      chain: devnetChain(rpcUrl),
      transport: http(rpcUrl),
    }).getLogs({
      address: suite.chain().token,
      event: TRANSFER,
      args: { from: OPERATOR, to: payer },
      fromBlock: 0n,
    });
    assert.deepEqual(
      logs.map((l) => l.args.value),
      [paid],
    );
    assert.match(job.refund?.transaction ?? "", /^0x[0-9a-f]{64}$/);
    await s.stop(); // one server with loaded models at a time on a 2-core machine
  });

  test("the same upstream's face in a text-to-video clip is delivered: invented people are allowed there", {
    timeout: 300_000,
  }, async () => {
    const { s } = await suite.fresh({
      PROVIDERS: "ark",
      ARK_BASE_URL: ark.url,
      ARK_API_KEY: ark.apiKey,
    });
    const created = await payForJob(s.url, 4, "/generate/alpha-fast/custom", {
      prompt: "a woman laughing at a cafe table",
      duration: 4,
      resolution: "480p",
    });
    const { job } = await watch(s, created.job_id, finished);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    assert.ok(job.video_url);
    await s.stop();
  });

  test("the local renderer's honest output is delivered: text-to-video and a face-free picture", {
    timeout: 300_000,
  }, async () => {
    const { s } = await suite.fresh();
    const text = await payForJob(s.url, 5, "/generate/alpha-fast/custom", {
      prompt: "a woman dancing in the rain at night",
      duration: 4,
      resolution: "480p",
    });
    const image = await upload(s.url, picture);
    const fromPicture = await payForJob(s.url, 6, "/generate/alpha-fast/image-to-video", {
      image,
      duration: 4,
      resolution: "480p",
    });
    for (const id of [text.job_id, fromPicture.job_id]) {
      const { job } = await watch(s, id, finished);
      assert.equal(job.status, "succeeded", JSON.stringify(job.error));
      const video = await fetch(job.video_url as string);
      assert.equal(video.status, 200);
      assert.equal(video.headers.get("content-type"), "video/mp4");
      assert.ok((await video.arrayBuffer()).byteLength > 1_000);
    }
  });
});
