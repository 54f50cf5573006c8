import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, before, describe, test } from "node:test";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { screenImage } from "@/lib/media/images";
import { judgeFrame, withheldMessage } from "@/lib/jobs/output-policy";
import { FrameSamplingError, sampleFrames } from "@/lib/jobs/sample-frames";
import { createVideoScreener, screenAndStoreVideo } from "@/lib/jobs/screen-delivered-video";
import { renderArgs } from "@/lib/jobs/providers/local-render-args";
import { createLocalStore, localVideoPath } from "@/lib/media/storage/local-store";
import { posterKey } from "@/lib/media/storage/poster";
import { FACE_PHOTO, patternClip, stillClip } from "../helpers/clips";
import { SPEC } from "../helpers/jobs";

/**
 * The second line behind upload screening: frames of the video an upstream delivered, sampled
 * with the real ffmpeg and judged by the real image screener, before anything is released.
 */

const TEXT_SPEC: GenerationSpec = { ...SPEC };
const IMAGE_SPEC: GenerationSpec = {
  ...SPEC,
  images: {
    first: { id: `upl_${"a".repeat(64)}`, mime: "image/png", width: 800, height: 600 },
    last: null,
  },
};

let dir: string;
const file = async (name: string, bytes: Buffer) => {
  const f = path.join(dir, name);
  await writeFile(f, bytes);
  return f;
};
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "reel402-screen-test-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("sampling frames: hostile files first", () => {
  test("bytes that are not a video, or a video without pictures, give no frames and say so", async () => {
    const garbage = await file("garbage.mp4", Buffer.from("ftypisom but nothing else".repeat(40)));
    await assert.rejects(sampleFrames(garbage), FrameSamplingError);
    const empty = await file("empty.mp4", Buffer.alloc(0));
    await assert.rejects(sampleFrames(empty), FrameSamplingError);
    // An MP4 holding only sound: a misbehaving upstream's "video" with nothing to look at.
    const silent = path.join(dir, "audio-only.mp4");
    const { execFile } = await import("node:child_process");
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpegInstaller.path,
        ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=2", "-c:a", "aac", silent],
        (e) => (e ? reject(e) : resolve()),
      ),
    );
    await assert.rejects(sampleFrames(silent), /no video stream/);
  });

  test("a decoder that does not finish in time is killed, and a missing ffmpeg is an error, not a pass", async () => {
    const clip = await file("slow.mp4", await patternClip("testsrc2", 3));
    await assert.rejects(sampleFrames(clip, { timeoutMs: 1 }), /ran past 1 ms/);
    await assert.rejects(
      sampleFrames(clip, { ffmpegPath: path.join(dir, "no-ffmpeg") }),
      /could not start/,
    );
  });

  test("pictures larger than any rendition are not decoded", async () => {
    const huge = await file("huge.mp4", await patternClip("color=c=red", 1, "4160x4160"));
    await assert.rejects(sampleFrames(huge), /larger than any rendition/);
  });

  test("a 5 s clip gives the first frame, one a second, and the last; frames are at most 512 px, one detector pass each", async () => {
    const clip = await file("five.mp4", await patternClip("testsrc2", 5, "1920x1080"));
    const { durationSeconds, frames } = await sampleFrames(clip);
    assert.ok(Math.abs(durationSeconds - 5) < 0.1);
    assert.equal(frames.length, 6, "t = 0, 1, 2, 3, 4 and the last frame");
    for (const frame of frames) {
      const meta = await sharp(frame).metadata();
      assert.equal(meta.format, "jpeg");
      assert.deepEqual([meta.width, meta.height], [512, 288]);
    }
  });

  test("a long video is sampled evenly to its end within the cap, never just its start", async () => {
    const clip = await file("long.mp4", await patternClip("testsrc2", 40, "160x90"));
    const { frames } = await sampleFrames(clip, { maxFrames: 8 });
    assert.equal(frames.length, 8, "7 spaced frames (every 40/7 s) and the last one");
  });
});

describe("the policy on frames", () => {
  test("explicit content withholds every video; a face only a video made from a picture", () => {
    const sexual = { allowed: false, category: "sexual", reason: "x" } as const;
    const face = { allowed: false, category: "likeness", reason: "x" } as const;
    const violence = { allowed: false, category: "graphic_violence", reason: "x" } as const;
    assert.deepEqual(judgeFrame(sexual, false), { release: false, category: "sexual" });
    assert.deepEqual(judgeFrame(sexual, true), { release: false, category: "sexual" });
    assert.deepEqual(judgeFrame(face, true), { release: false, category: "likeness" });
    assert.deepEqual(judgeFrame(face, false), { release: true });
    assert.deepEqual(judgeFrame(violence, false), { release: false, category: "graphic_violence" });
    assert.deepEqual(judgeFrame({ allowed: true }, true), { release: true });
  });

  test("the job's message names the category and nothing the detector measured", () => {
    for (const c of ["likeness", "sexual", "graphic_violence"] as const) {
      const m = withheldMessage(c);
      assert.match(m, /withheld/);
      assert.doesNotMatch(m, /\d/, "no score, frame number or time");
    }
  });
});

describe("screening a delivered video with the real detectors", () => {
  const screen = createVideoScreener();

  test("a face in the delivered frames withholds a picture-made video, even when it shows only at the end", {
    timeout: 180_000,
  }, async () => {
    const face = await file("face.mp4", await stillClip(FACE_PHOTO, 5));
    assert.deepEqual(pick(await screen(face, IMAGE_SPEC)), {
      verdict: "withheld",
      category: "likeness",
    });
    // Hidden for the first 4.2 s: only the last frame shows it.
    const late = await file("late-face.mp4", await stillClip(FACE_PHOTO, 5, { after: 4.2 }));
    const frames = (await sampleFrames(late)).frames;
    const verdicts = await Promise.all(frames.map((f) => screenImage(f)));
    assert.deepEqual(
      verdicts.map((v) => v.allowed),
      [true, true, true, true, true, false],
      "the face is in the last frame only",
    );
    assert.deepEqual(pick(await screen(late, IMAGE_SPEC)), {
      verdict: "withheld",
      category: "likeness",
    });
  });

  test("a text-to-video clip with a face is released: models invent people the prompt policy allows", {
    timeout: 120_000,
  }, async () => {
    const face = await file("face-t2v.mp4", await stillClip(FACE_PHOTO, 3));
    assert.deepEqual(pick(await screen(face, TEXT_SPEC)), { verdict: "pass", category: undefined });
  });

  test("the local renderer's own output passes: a caption on a gradient, and an animated face-free picture", {
    timeout: 120_000,
  }, async () => {
    const spec: GenerationSpec = {
      ...SPEC,
      prompt: "a woman dancing in the rain at night",
      resolution: "720p",
      durationSeconds: 5,
    };
    const work = await mkdtemp(path.join(dir, "render-"));
    await writeFile(path.join(work, "prompt.txt"), spec.prompt);
    const { execFile } = await import("node:child_process");
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpegInstaller.path, renderArgs(spec, 7, "out.mp4"), { cwd: work }, (e) =>
        e ? reject(e) : resolve(),
      ),
    );
    const rendered = path.join(work, "out.mp4");
    assert.deepEqual(pick(await screen(rendered, TEXT_SPEC)), {
      verdict: "pass",
      category: undefined,
    });
    assert.deepEqual(pick(await screen(rendered, IMAGE_SPEC)), {
      verdict: "pass",
      category: undefined,
    });
    const pattern = await file("pattern.mp4", await patternClip("testsrc2", 4, "1280x720"));
    assert.deepEqual(pick(await screen(pattern, IMAGE_SPEC)), {
      verdict: "pass",
      category: undefined,
    });
  });

  test("a model or ffmpeg that crashes gives `unknown` with a safe reason, never a pass", async () => {
    const clip = await file("crash.mp4", await patternClip("testsrc2", 2));
    const crashing = createVideoScreener({
      screenImage: async () => {
        throw new RangeError("tensor shape mismatch: 0x1234 secret-ish detail");
      },
    });
    const crashed = await crashing(clip, TEXT_SPEC);
    assert.equal(crashed.verdict, "unknown");
    assert.equal(
      crashed.verdict === "unknown" && crashed.reason,
      "RangeError while screening frames",
    );
    const noFfmpeg = createVideoScreener({ ffmpegPath: path.join(dir, "gone") });
    const missing = await noFfmpeg(clip, TEXT_SPEC);
    assert.equal(missing.verdict, "unknown");
  });
});

describe("only a screened video reaches the store", () => {
  const freshStore = () => {
    const videos = path.join(dir, `store-${crypto.randomUUID()}`);
    return { videos, store: createLocalStore({ dir: videos, secret: "s".repeat(32) }) };
  };
  const exists = async (videos: string, key: string) =>
    import("node:fs/promises").then((fs) =>
      fs.stat(localVideoPath(videos, key)).then(
        () => true,
        () => false,
      ),
    );

  test("withheld: nothing is stored, and a copy an earlier run stored before a crash is removed", {
    timeout: 120_000,
  }, async () => {
    const { videos, store } = freshStore();
    const face = await stillClip(FACE_PHOTO, 2);
    await store.put("job-a", Readable.from([face]), "video/mp4");
    await store.put(posterKey("job-a"), Readable.from([Buffer.from("jpeg")]), "image/jpeg");
    const screening = await screenAndStoreVideo(
      { store, screen: createVideoScreener() },
      "job-a",
      IMAGE_SPEC,
      Readable.from([face]),
    );
    assert.equal(screening.verdict, "withheld");
    assert.equal(await exists(videos, "job-a"), false);
    assert.equal(await exists(videos, posterKey("job-a")), false);
  });

  test("could not tell: nothing is stored; passed: the video and its poster are", {
    timeout: 120_000,
  }, async () => {
    const { videos, store } = freshStore();
    const clip = await patternClip("testsrc2", 2);
    const unknown = await screenAndStoreVideo(
      { store, screen: createVideoScreener({ ffprobePath: path.join(dir, "gone") }) },
      "job-b",
      TEXT_SPEC,
      Readable.from([clip]),
    );
    assert.equal(unknown.verdict, "unknown");
    assert.equal(await exists(videos, "job-b"), false);
    const passed = await screenAndStoreVideo(
      { store, screen: createVideoScreener() },
      "job-b",
      TEXT_SPEC,
      Readable.from([clip]),
    );
    assert.equal(passed.verdict, "pass");
    assert.equal(await exists(videos, "job-b"), true);
    assert.equal(await exists(videos, posterKey("job-b")), true);
  });
});

function pick(s: { verdict: string; category?: string }) {
  return { verdict: s.verdict, category: s.category };
}
