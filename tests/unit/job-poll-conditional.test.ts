import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { entityTag, noneMatchHits } from "@/lib/http/api/conditional-get";
import { jobResponse } from "@/lib/http/api/job-response";
import { jobs } from "@/lib/jobs/schema";
import { createS3Store, signingWindowStart } from "@/lib/media/storage/s3-store";
import type { Db } from "@/lib/platform";
import { services } from "@/lib/server/services";
import { createTestDatabase } from "../helpers/database";
import { queuedJob } from "../helpers/jobs";

describe("If-None-Match (RFC 9110 §13.1.2)", () => {
  const tag = entityTag('{"status":"queued"}');

  test("a tag is the body's: the same body the same tag, another body another", () => {
    assert.match(tag, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(entityTag('{"status":"queued"}'), tag);
    assert.notEqual(entityTag('{"status":"generating"}'), tag);
  });

  test("the tag itself, a list holding it, a weak form of it and * match; others do not", () => {
    assert.equal(noneMatchHits(tag, tag), true);
    assert.equal(noneMatchHits(`"other", ${tag}`, tag), true);
    assert.equal(
      noneMatchHits(`"a,b",${tag}`, tag),
      true,
      "a comma inside a tag does not split it",
    );
    assert.equal(noneMatchHits(`W/${tag}`, tag), true, "weak comparison");
    assert.equal(noneMatchHits("*", tag), true);
    assert.equal(noneMatchHits(' "other" , W/"more"', tag), false);
    assert.equal(noneMatchHits(tag.slice(1, -1), tag), false, "an unquoted tag is no tag");
    assert.equal(noneMatchHits(null, tag), false);
  });
});

describe("GET /jobs/{id} for pollers", () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    Object.assign(process.env, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "reel402-poll-")),
      DATABASE_URL: database.url,
    });
    db = await services().db();
  });
  after(async () => {
    await services().beforeExit.run(10_000);
    await drop();
  });

  let ip = 0;
  const poll = (id: string, ifNoneMatch?: string) =>
    jobResponse(
      new Request(`http://localhost/jobs/${id}`, {
        headers: {
          "x-forwarded-for": `10.9.0.${++ip % 250}`,
          ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}),
        },
      }),
      id,
    );

  test("a 200 carries its tag; the same tag back is a 304 with the tag and no body", async () => {
    const job = await queuedJob(db, "0x00000000000000000000000000000000000000e1");
    const first = await poll(job.id);
    assert.equal(first.status, 200);
    const etag = first.headers.get("etag");
    assert.ok(etag);
    assert.equal(first.headers.get("cache-control"), "private, no-cache, no-transform");
    assert.equal(etag, entityTag(await first.text()));

    const again = await poll(job.id, etag);
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("etag"), etag);
    assert.equal(again.headers.get("cache-control"), "private, no-cache, no-transform");
    assert.equal(await again.text(), "");

    assert.equal((await poll(job.id, `"stale", ${etag}`)).status, 304, "in a list");
    assert.equal((await poll(job.id, "*")).status, 304, "any representation");
    const other = await poll(job.id, '"stale"');
    assert.equal(other.status, 200);
    assert.equal(other.headers.get("etag"), etag);
  });

  test("anything the body shows changes the tag: the queue ahead, then the status", async () => {
    // Two jobs queued a moment apart: cancelling the first moves the second up the line.
    const ahead = await queuedJob(db, "0x00000000000000000000000000000000000000e2");
    const job = await queuedJob(db, "0x00000000000000000000000000000000000000e3");
    const first = await poll(job.id);
    const position = ((await first.json()) as { progress: { queue_position: number } }).progress
      .queue_position;
    const etag = first.headers.get("etag") as string;

    await db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, ahead.id));
    const moved = await poll(job.id, etag);
    assert.equal(moved.status, 200);
    const body = (await moved.json()) as { progress: { queue_position: number } };
    assert.equal(body.progress.queue_position, position - 1);
    assert.notEqual(moved.headers.get("etag"), etag);

    const queuedTag = moved.headers.get("etag") as string;
    await db.update(jobs).set({ status: "failed" }).where(eq(jobs.id, job.id));
    const done = await poll(job.id, queuedTag);
    assert.equal(done.status, 200);
    assert.equal(((await done.json()) as { status: string }).status, "failed");
    assert.notEqual(done.headers.get("etag"), queuedTag);
    assert.equal(done.headers.get("cache-control"), "private, max-age=5, no-transform");
  });

  test("a 304 never keeps a poller on an expired video link", async () => {
    const job = await queuedJob(db, "0x00000000000000000000000000000000000000e4");
    const live = new Date(Date.now() + 3_600_000);
    await db
      .update(jobs)
      .set({ status: "succeeded", videoKey: job.id, videoExpiresAt: live })
      .where(eq(jobs.id, job.id));
    const first = await poll(job.id);
    const shown = (await first.json()) as { video_url: string | null };
    assert.ok(shown.video_url, "a live link");
    const etag = first.headers.get("etag") as string;
    assert.equal((await poll(job.id, etag)).status, 304, "the same link poll after poll");

    // The link expires: the body no longer shows it, so the old tag no longer matches.
    await db
      .update(jobs)
      .set({ videoExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, job.id));
    const expired = await poll(job.id, etag);
    assert.equal(expired.status, 200);
    assert.equal(((await expired.json()) as { video_url: string | null }).video_url, null);

    // A link about to expire is never cached past its expiry.
    await db
      .update(jobs)
      .set({ videoExpiresAt: new Date(Date.now() + 2_500) })
      .where(eq(jobs.id, job.id));
    const caching = (await poll(job.id)).headers.get("cache-control") ?? "";
    assert.match(caching, /^private, (max-age=[0-2]|no-cache), no-transform$/);
  });

  test("an unknown job is a 404, whatever the client holds", async () => {
    const res = await poll(crypto.randomUUID(), "*");
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("etag"), null);
  });
});

test("an S3 link is the same all through a signing window, and still expires when the video does", async () => {
  const store = createS3Store({
    bucket: "videos",
    region: "us-east-1",
    endpoint: "http://127.0.0.1:9",
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "secret",
    forcePathStyle: true,
  });
  const expiresAt = new Date(Date.now() + 3_600_000);
  let links: string[] = [];
  let window = 0;
  // Two signatures inside one window (retried in the unlikely case a window ends between them).
  for (let i = 0; i < 3; i++) {
    window = signingWindowStart().getTime();
    links = [
      await store.signedUrl("abc", expiresAt, ""),
      await store.signedUrl("abc", expiresAt, ""),
    ];
    if (signingWindowStart().getTime() === window) break;
  }
  assert.equal(links[0], links[1]);
  const url = new URL(links[0] as string);
  const date = url.searchParams.get("X-Amz-Date") ?? "";
  const signedAt = Date.parse(
    date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
  );
  assert.equal(signedAt, window, "signed as of the window's start, not of the call");
  const until = signedAt + Number(url.searchParams.get("X-Amz-Expires")) * 1000;
  assert.ok(Math.abs(until - expiresAt.getTime()) < 1_000, "valid until the video's expiry");
});
