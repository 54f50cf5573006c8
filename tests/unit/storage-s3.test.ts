import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { type FakeS3, startFakeS3 } from "@/tests/fakes/s3-fake";
import {
  createS3Store,
  MAX_PRESIGN_SECONDS,
  objectKey,
  presignSeconds,
} from "@/lib/media/storage/s3-store";
import type { VideoStore } from "@/lib/media/storage/types";

let s3: FakeS3;
let store: VideoStore;

before(async () => {
  s3 = await startFakeS3();
  store = createS3Store({
    bucket: "reel-videos",
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    prefix: "videos",
    forcePathStyle: true,
  });
});
after(() => s3.close());

/** `total` pseudo-random bytes in 256 KiB chunks (distinct per offset, so a swapped part shows). */
function body(total: number): { stream: Readable; digest: () => string } {
  const hash = createHash("sha256");
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(256 * 1024, total - sent));
      for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((sent + i) >>> 0, i);
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

test("a 12 MB stream goes up as a signed multipart upload and comes back through a presigned URL", async () => {
  const total = 12 * 1024 * 1024;
  const source = body(total);
  const { size } = await store.put("job-big", source.stream, "video/mp4");
  assert.equal(size, total);

  const ops = s3.calls.map((call) => call.op);
  assert.deepEqual(ops, [
    "CreateMultipartUpload",
    "UploadPart",
    "UploadPart",
    "UploadPart",
    "CompleteMultipartUpload",
  ]);
  for (const call of s3.calls) {
    assert.equal(call.signed, "header", `${call.op} carries a SigV4 authorization header`);
    assert.deepEqual([call.bucket, call.key], ["reel-videos", "videos/job-big.mp4"]);
  }
  // Parts travel in parallel, so they may arrive in any order.
  const parts = s3.calls
    .filter((call) => call.op === "UploadPart")
    .map((call) => [Number(call.query.partNumber), call.bytes]);
  assert.deepEqual(
    parts.sort(([a = 0], [b = 0]) => a - b),
    [
      [1, 5 * 1024 * 1024],
      [2, 5 * 1024 * 1024],
      [3, 2 * 1024 * 1024],
    ],
  );
  assert.equal(s3.openUploads.size, 0);

  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  const url = new URL(await store.signedUrl("job-big", expiresAt, "https://ignored.example"));
  assert.equal(url.origin, s3.endpoint);
  assert.equal(url.pathname, "/reel-videos/videos/job-big.mp4");
  assert.equal(url.searchParams.get("X-Amz-Algorithm"), "AWS4-HMAC-SHA256");
  // Signed as of the start of a signing window: the link ends when the video does.
  const signedAt = Date.parse(
    (url.searchParams.get("X-Amz-Date") ?? "").replace(
      /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
      "$1-$2-$3T$4:$5:$6Z",
    ),
  );
  const until = signedAt + Number(url.searchParams.get("X-Amz-Expires")) * 1000;
  assert.ok(Math.abs(until - expiresAt.getTime()) <= 2_000, `link valid until ${until}`);

  const response = await fetch(url);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "video/mp4");
  const downloaded = Buffer.from(await response.arrayBuffer());
  assert.equal(downloaded.length, total);
  assert.equal(sha256(downloaded), source.digest());
  assert.equal(s3.calls.at(-1)?.signed, "query");

  await store.remove("job-big");
  assert.equal(s3.objects.has("reel-videos/videos/job-big.mp4"), false);
  assert.equal((await fetch(url)).status, 404);
  await store.remove("job-big"); // already gone: still fine
});

test("a small video is a single signed PutObject", async () => {
  s3.calls.length = 0;
  const { size } = await store.put(
    "job-small",
    Readable.from([Buffer.from("tiny mp4")]),
    "video/mp4",
  );
  assert.equal(size, 8);
  assert.deepEqual(
    s3.calls.map((call) => [call.op, call.signed]),
    [["PutObject", "header"]],
  );
  assert.equal(s3.objects.get("reel-videos/videos/job-small.mp4")?.body.toString(), "tiny mp4");
});

test("a body that fails mid-upload aborts the multipart upload and stores nothing", async () => {
  s3.calls.length = 0;
  let sent = 0;
  const failing = new Readable({
    read() {
      if (sent >= 7 * 1024 * 1024) return void this.destroy(new Error("upstream reset"));
      sent += 1024 * 1024;
      this.push(Buffer.alloc(1024 * 1024, 7));
    },
  });
  await assert.rejects(store.put("job-broken", failing, "video/mp4"), /upstream reset/);
  assert.equal(s3.objects.has("reel-videos/videos/job-broken.mp4"), false);
  assert.equal(
    s3.calls.some((call) => call.op === "CompleteMultipartUpload" || call.op === "PutObject"),
    false,
  );
  assert.ok(s3.calls.some((call) => call.op === "CreateMultipartUpload"));
  assert.ok(s3.calls.some((call) => call.op === "AbortMultipartUpload"));
  assert.equal(s3.openUploads.size, 0, "the started multipart upload was aborted");
});

test("keys are validated and prefixes normalised", async () => {
  assert.equal(objectKey(undefined, "a"), "a.mp4");
  assert.equal(objectKey("/videos//", "a"), "videos/a.mp4");
  assert.throws(() => objectKey("videos", "../etc/passwd"), /invalid video key/);
  await assert.rejects(
    store.put("../x", Readable.from([Buffer.from("x")]), "video/mp4"),
    /invalid video key/,
  );
  await assert.rejects(
    Promise.resolve().then(() => store.signedUrl("a/b", new Date(Date.now() + 1000), "")),
    /invalid video key/,
  );
});

test("presigned lifetimes follow the link expiry, capped at the SigV4 maximum of 7 days", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  assert.equal(presignSeconds(new Date(now.getTime() + 24 * 3600_000), now), 86400);
  assert.equal(
    presignSeconds(new Date(now.getTime() + 30 * 24 * 3600_000), now),
    MAX_PRESIGN_SECONDS,
  );
  assert.equal(presignSeconds(new Date(now.getTime() - 5000), now), 1);
});

test("records (the audit checkpoint) are whole signed PUTs beside the videos; a missing one reads as null", async () => {
  assert.equal(await store.readRecord("audit-checkpoint"), null);
  await store.writeRecord("audit-checkpoint", '{"headId":1}');
  await store.writeRecord("audit-checkpoint", '{"headId":2}');
  assert.equal(await store.readRecord("audit-checkpoint"), '{"headId":2}');
  const puts = s3.calls.filter(
    (c) => c.key === "videos/audit-checkpoint.json" && c.op === "PutObject",
  );
  assert.equal(puts.length, 2);
  assert.ok(puts.every((c) => c.signed === "header"));
  assert.equal(
    s3.objects.get("reel-videos/videos/audit-checkpoint.json")?.contentType,
    "application/json",
  );
  await assert.rejects(store.writeRecord("../escape", "{}"), /invalid video key/);
});
