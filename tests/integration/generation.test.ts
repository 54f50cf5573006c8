import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import postgres from "postgres";
import { devnetAccount } from "@/lib/devnet/accounts";
import { post } from "../helpers/http";
import { probe } from "../helpers/media";
import { payForJob } from "../helpers/pay";
import { waitForJob } from "../helpers/poll";
import { type Stack, startStack } from "../helpers/stack";

async function download(url: string): Promise<string> {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "video/mp4");
  const file = path.join(tmpdir(), `reel402-${crypto.randomUUID()}.mp4`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

describe("generation on the embedded runner (Postgres)", () => {
  let stack: Stack;
  let sql: postgres.Sql;
  before(async () => {
    stack = await startStack({
      database: "postgres",
      env: {
        LOCAL_RENDER_MIN_LATENCY_MS: "8000",
        LIMIT_QUEUE_CAPACITY: "9",
        POLL_INTERVAL_MS: "200",
      },
    });
    sql = postgres(stack.databaseUrl as string, { max: 2, onnotice: () => {} });
  });
  after(async () => {
    await sql?.end();
    await stack?.close();
  });

  test("a paid custom job becomes an MP4 of the requested size, length and audio", {
    timeout: 120_000,
  }, async () => {
    const created = await payForJob(stack.server.url, 1, "/generate/alpha-fast/custom", {
      prompt: "a paper lantern drifting over a lake at night",
      duration: 4,
      resolution: "480p",
      ratio: "9:16",
      generate_audio: true,
      seed: 1234,
    });
    const job = await waitForJob(stack.server.url, created.job_id);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    assert.equal(job.attempts, 1);
    assert.equal(job.seed, 1234);
    assert.equal(job.frames_per_second, 24);
    assert.ok(job.video_url);
    const expires = Date.parse(job.video_expires_at ?? "");
    assert.ok(Math.abs(expires - Date.now() - 24 * 3600_000) < 120_000, "link valid about 24 h");
    const info = await probe(await download(job.video_url));
    assert.equal(info.width, 480);
    assert.equal(info.height, 854);
    assert.ok(Math.abs(info.duration - 4) < 0.15, `duration ${info.duration}`);
    assert.equal(info.fps, 24);
    assert.equal(info.videoCodec, "h264");
    assert.equal(info.hasAudio, true);

    const url = new URL(job.video_url);
    const ranged = await fetch(url, { headers: { range: "bytes=0-99" } });
    assert.equal(ranged.status, 206);
    assert.equal((await ranged.arrayBuffer()).byteLength, 100);
    const forged = new URL(url);
    forged.searchParams.set("sig", `${url.searchParams.get("sig")?.slice(0, -2)}xx`);
    assert.equal((await fetch(forged)).status, 403);
    const stretched = new URL(url);
    stretched.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    assert.equal((await fetch(stretched)).status, 403);
  });

  test("a fixed job is 5 s of 1280×720 without audio", { timeout: 120_000 }, async () => {
    const created = await payForJob(stack.server.url, 2, "/generate/alpha/5s-720p", {
      prompt: "a red kite over green hills",
    });
    const job = await waitForJob(stack.server.url, created.job_id);
    assert.equal(job.status, "succeeded");
    const info = await probe(await download(job.video_url as string));
    assert.deepEqual([info.width, info.height, info.hasAudio], [1280, 720, false]);
    assert.ok(Math.abs(info.duration - 5) < 0.15);
  });

  test("7 jobs of one wallet never have more than 5 generating; at capacity a POST gets 503 and nothing is charged", {
    timeout: 180_000,
  }, async () => {
    const wallet = devnetAccount(3).address.toLowerCase();
    let maxGenerating = 0;
    let sawWaiting = false;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const rows = await sql<{ status: string; n: number }[]>`
          select status, count(*)::int as n from jobs where payer = ${wallet} group by status`;
        const generating = rows.find((r) => r.status === "generating")?.n ?? 0;
        const queued = rows.find((r) => r.status === "queued")?.n ?? 0;
        maxGenerating = Math.max(maxGenerating, generating);
        if (generating === 5 && queued > 0) sawWaiting = true;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 7; i++) {
        ids.push(
          (
            await payForJob(stack.server.url, 3, "/generate/alpha-fast/custom", {
              prompt: `clip ${i}`,
              duration: 4,
              resolution: "480p",
            })
          ).job_id,
        );
      }
      // 7 of wallet #3 + 2 of wallet #4 fill the queue of 9.
      for (let i = 0; i < 2; i++) {
        ids.push(
          (
            await payForJob(stack.server.url, 4, "/generate/alpha-fast/custom", {
              prompt: `fill ${i}`,
              duration: 4,
              resolution: "480p",
            })
          ).job_id,
        );
      }
      const payer = devnetAccount(5).address;
      const before = await stack.chain.balanceOf(payer);
      const full = await post(`${stack.server.url}/generate/alpha/5s-720p`, {
        prompt: "one too many",
      });
      assert.equal(full.status, 503);
      assert.ok(Number(full.headers.get("retry-after")) > 0);
      assert.equal(full.headers.get("payment-required"), null);
      assert.equal(((await full.json()) as { code: string }).code, "at_capacity");
      assert.equal(await stack.chain.balanceOf(payer), before);
    } finally {
      if (ids.length < 9) watching = false;
    }

    const finished = await Promise.all(ids.map((id) => waitForJob(stack.server.url, id, 150_000)));
    watching = false;
    await watcher;
    assert.ok(finished.every((j) => j.status === "succeeded"));
    assert.equal(maxGenerating, 5);
    assert.ok(sawWaiting, "a 6th job waited in queued while 5 were generating");
  });

  test("every outcome is in the audit log, and the database refuses to rewrite it", async () => {
    const types = await sql<{ type: string }[]>`select distinct type from audit_events`;
    const seen = new Set(types.map((t) => t.type));
    for (const t of [
      "payment.verified",
      "payment.settled",
      "job.transition",
      "attempt.started",
      "attempt.ended",
    ])
      assert.ok(seen.has(t), t);
    await assert.rejects(sql`update audit_events set type = 'x' where id = 1`, /append-only/);
    await assert.rejects(sql`delete from audit_events where id = 1`, /append-only/);
  });
});
