import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, test } from "node:test";
import { removeExpiredVideos, sweepOrphanPartials } from "@/lib/media/storage/cleanup";
import { createLocalStore } from "@/lib/media/storage/local-store";
import type { VideoStore } from "@/lib/media/storage/types";
import { checkVideoLink } from "@/lib/media/storage/url-signing";

const SECRET = "local-store-test-secret-0123456789";
const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempStore(): Promise<{ dir: string; store: VideoStore }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reel402-local-"));
  dirs.push(dir);
  return { dir, store: createLocalStore({ dir: path.join(dir, "videos"), secret: SECRET }) };
}

// Byte i of every generated body is i % 251; the block length is a multiple of 251 so blocks chain.
const BLOCK = Buffer.alloc(251 * 256);
for (let i = 0; i < BLOCK.length; i++) BLOCK[i] = i % 251;

/**
 * `total` bytes in 62.75 KiB chunks, noting peak RSS as it goes. Chunks share one read-only block:
 * freshly allocated ones would measure the GC's lag (~30 MB of garbage), not what the store keeps.
 */
function generated(total: number, peak: { rss: number }): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = BLOCK.subarray(0, Math.min(BLOCK.length, total - sent));
      sent += chunk.length;
      peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
      this.push(chunk);
    },
  });
}

async function sha256(source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of source) hash.update(chunk);
  return hash.digest("hex");
}

test("put streams a 50 MB body to disk without holding it in memory", async () => {
  const { dir, store } = await tempStore();
  await store.put("warm-up", generated(1024 * 1024, { rss: 0 }), "video/mp4"); // loads fs/stream code first
  const total = 50 * 1024 * 1024;
  const before = process.memoryUsage.rss();
  const peak = { rss: before };
  const { size } = await store.put("big-video", generated(total, peak), "video/mp4");
  peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
  const grewMb = (peak.rss - before) / 1024 / 1024;
  console.log(`rss growth during a 50 MB put: ${grewMb.toFixed(1)} MB`);
  assert.equal(size, total);
  assert.ok(grewMb < 30, `RSS grew by ${grewMb.toFixed(1)} MB`);
  const file = path.join(dir, "videos", "big-video.mp4");
  assert.equal((await stat(file)).size, total);
  assert.equal(await sha256(createReadStream(file)), await sha256(generated(total, { rss: 0 })));
});

test("put renames into place: the final file appears whole and no .partial remains", async () => {
  const { dir, store } = await tempStore();
  await store.put(
    "vid-1",
    Readable.from([Buffer.from("hello "), Buffer.from("world")]),
    "video/mp4",
  );
  const names = await readdir(path.join(dir, "videos"));
  assert.deepEqual(names, ["vid-1.mp4"]);
  assert.equal(await readFile(path.join(dir, "videos", "vid-1.mp4"), "utf8"), "hello world");
});

test("a body that fails midway leaves neither a final file nor a .partial", async () => {
  const { dir, store } = await tempStore();
  await store.put("keep", Readable.from([Buffer.from("old")]), "video/mp4");
  const failing = new Readable({
    read() {
      this.push(Buffer.alloc(1024, 1));
      this.destroy(new Error("upstream reset"));
    },
  });
  await assert.rejects(store.put("broken", failing, "video/mp4"), /upstream reset/);
  assert.deepEqual(await readdir(path.join(dir, "videos")), ["keep.mp4"]);
});

test("path-traversal and malformed keys are refused before touching the disk", async () => {
  const { dir, store } = await tempStore();
  await writeFile(path.join(dir, "secret.mp4"), "do not touch");
  for (const key of [
    "../secret",
    "..",
    "a/../../b",
    "a/b",
    "a\\b",
    "",
    "x".repeat(201),
    "bad key",
    "k\0",
  ]) {
    const body = Readable.from([Buffer.from("x")]);
    await assert.rejects(
      store.put(key, body, "video/mp4"),
      /invalid video key/,
      `put ${JSON.stringify(key)}`,
    );
    assert.equal(body.destroyed, true, "a refused body is released");
    await assert.rejects(store.remove(key), /invalid video key/, `remove ${JSON.stringify(key)}`);
    assert.throws(
      () => store.signedUrl(key, new Date(Date.now() + 60_000), "http://x"),
      /invalid video key/,
    );
  }
  assert.equal(await readFile(path.join(dir, "secret.mp4"), "utf8"), "do not touch");
});

test("remove deletes the file and is idempotent", async () => {
  const { dir, store } = await tempStore();
  await store.put("gone-soon", Readable.from([Buffer.from("bytes")]), "video/mp4");
  await store.remove("gone-soon");
  await store.remove("gone-soon");
  await store.remove("never-existed");
  assert.deepEqual(await readdir(path.join(dir, "videos")), []);
});

test("signedUrl is the service origin plus an HMAC link our route accepts", async () => {
  const { store } = await tempStore();
  const expiresAt = new Date(Date.now() + 3600_000);
  const url = new URL(await store.signedUrl("abc-123", expiresAt, "https://reel.example/"));
  assert.equal(url.origin + url.pathname, "https://reel.example/videos/abc-123");
  assert.equal(url.searchParams.get("expires"), String(Math.floor(expiresAt.getTime() / 1000)));
  assert.equal(
    checkVideoLink(SECRET, "abc-123", url.searchParams.get("expires"), url.searchParams.get("sig")),
    "ok",
  );
  assert.equal(
    checkVideoLink(
      "other-secret",
      "abc-123",
      url.searchParams.get("expires"),
      url.searchParams.get("sig"),
    ),
    "forged",
  );
});

test("removeExpiredVideos removes each listed video and counts them, going on past failures", async () => {
  const { dir, store } = await tempStore();
  for (const key of ["e1", "e2", "live"])
    await store.put(key, Readable.from([Buffer.from(key)]), "video/mp4");
  assert.equal(
    await removeExpiredVideos(store, [{ key: "e1" }, { key: "e2" }, { key: "missing" }]),
    3,
  );
  assert.deepEqual(await readdir(path.join(dir, "videos")), ["live.mp4"]);

  const failed: string[] = [];
  const removed = await removeExpiredVideos(store, [{ key: "../x" }, { key: "live" }], {
    onError: (key) => failed.push(key),
  });
  assert.equal(removed, 1);
  assert.deepEqual(failed, ["../x"]);
  await assert.rejects(removeExpiredVideos(store, [{ key: "../x" }]), /invalid video key/);
  assert.equal(await removeExpiredVideos(store, []), 0);
});

test("sweepOrphanPartials removes only stale .partial files", async () => {
  const { dir, store } = await tempStore();
  const videos = path.join(dir, "videos");
  await store.put("done", Readable.from([Buffer.from("ok")]), "video/mp4");
  await writeFile(path.join(videos, "crashed.mp4.aaaa.partial"), "half");
  await writeFile(path.join(videos, "in-flight.mp4.bbbb.partial"), "growing");
  const old = new Date(Date.now() - 2 * 3600_000);
  await utimes(path.join(videos, "crashed.mp4.aaaa.partial"), old, old);
  await utimes(path.join(videos, "done.mp4"), old, old);
  assert.equal(await sweepOrphanPartials(videos, 3600_000), 1);
  assert.deepEqual((await readdir(videos)).sort(), ["done.mp4", "in-flight.mp4.bbbb.partial"]);
  assert.equal(await sweepOrphanPartials(path.join(dir, "no-such-dir"), 0), 0);
});
