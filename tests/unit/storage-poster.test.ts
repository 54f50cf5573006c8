import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, test } from "node:test";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { removeExpiredVideos } from "@/lib/media/storage/cleanup";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { posterKey, putVideoWithPoster } from "@/lib/media/storage/poster";
import { serveVideo } from "@/lib/http/api/serve-video";
import { signVideoPath } from "@/lib/media/storage/url-signing";

const SECRET = "poster-test-secret-0123456789abcdef";
const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reel402-poster-test-"));
  dirs.push(dir);
  return dir;
}

/** A real 2-second H.264 MP4 that opens on black (a fade-in), as generated clips often do. */
async function fadeInClip(dir: string): Promise<Buffer> {
  const file = path.join(dir, "clip.mp4");
  await promisify(execFile)(ffmpegInstaller.path, [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=24:duration=2"],
    ...["-vf", "fade=in:0:12", "-c:v", "libx264", "-pix_fmt", "yuv420p", file],
  ]);
  return readFile(file);
}

test("a stored video gets a JPEG poster frame beside it, served as an image through a signed link", async () => {
  const dir = await tempDir();
  const videos = path.join(dir, "videos");
  const store = createLocalStore({ dir: videos, secret: SECRET });
  const clip = await fadeInClip(dir);

  const { size } = await putVideoWithPoster(store, "job-1", Readable.from([clip]));
  assert.equal(size, clip.length);
  assert.deepEqual(await readFile(path.join(videos, "job-1.mp4")), clip);

  const link = signVideoPath(SECRET, posterKey("job-1"), new Date(Date.now() + 60_000));
  const res = await serveVideo(new Request(`http://local${link}`), posterKey("job-1"), {
    dir: videos,
    secret: SECRET,
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/jpeg");
  const jpeg = Buffer.from(await res.arrayBuffer());
  assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
  // Not the black first frame: a black 640×360 JPEG at this quality is well under 2 KB.
  assert.ok(jpeg.length > 4000, `poster of ${jpeg.length} bytes`);

  // Expiry removes the poster with its video.
  assert.equal(await removeExpiredVideos(store, [{ key: "job-1" }]), 1);
  assert.deepEqual(await readdir(videos), []);
});

test("a video ffmpeg cannot read is still stored, without a poster", async () => {
  const dir = await tempDir();
  const videos = path.join(dir, "videos");
  const store = createLocalStore({ dir: videos, secret: SECRET });
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (line: string) => warnings.push(line);
  try {
    await putVideoWithPoster(store, "job-2", Readable.from([Buffer.from("not a video")]));
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(await readdir(videos), ["job-2.mp4"]);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? "", /poster frame for video job-2 not stored/);
});
