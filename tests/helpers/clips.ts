import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { lavfiInput } from "./media";

const run = promisify(execFile);

/** A photo with a face that ships with face-api (its detector scores it near 1). */
export const FACE_PHOTO = path.join(
  process.cwd(),
  "node_modules/@vladmandic/face-api/demo/sample1.jpg",
);

/** Encodes an H.264 MP4 with ffmpeg from `input` arguments; returns its bytes. */
async function encode(input: string[], filter: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reel402-clip-"));
  try {
    const file = path.join(dir, "clip.mp4");
    await run(ffmpeg.path, [
      ...input,
      ...["-vf", filter, "-r", "24", "-c:v", "libx264", "-preset", "ultrafast"],
      ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A clip of a generated pattern (lavfi `source`), no person in it. */
export function patternClip(source: string, seconds: number, size = "640x360"): Promise<Buffer> {
  const options = `size=${size}:rate=24:duration=${seconds}`;
  return encode(lavfiInput(`${source}${source.includes("=") ? ":" : "="}${options}`), "null");
}

/**
 * A clip that shows a still picture for `seconds`, letterboxed into `size`; with `after`, the
 * picture is shown only from that second on and the clip starts on a plain dark frame.
 */
export function stillClip(
  picture: string,
  seconds: number,
  opts: { size?: string; after?: number } = {},
): Promise<Buffer> {
  const [w, h] = (opts.size ?? "1280x720").split("x");
  const fit = `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`;
  const hide = opts.after ? `,drawbox=t=fill:c=0x202830:enable='lt(t\\,${opts.after})'` : "";
  return encode(
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-loop",
      "1",
      "-i",
      picture,
      "-t",
      String(seconds),
    ],
    `${fit}${hide}`,
  );
}
