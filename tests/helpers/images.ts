import { execFile } from "node:child_process";
import { readFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { lavfiInput } from "./media";

const run = promisify(execFile);

/**
 * A synthetic picture without faces, made by ffmpeg at test time: `source` is a lavfi video
 * source (testsrc2, mandelbrot, smptebars, …) and the format follows the extension.
 */
export async function syntheticImage(
  source: string,
  width: number,
  height: number,
  ext: "png" | "jpg" | "webp" = "png",
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reel402-img-"));
  try {
    const file = path.join(dir, `image.${ext}`);
    await run(ffmpeg.path, [
      ...lavfiInput(`${source}${source.includes("=") ? ":" : "="}s=${width}x${height}`),
      "-frames:v",
      "1",
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The mean colour of one frame of a video at `seconds`, as [r, g, b] 0–255. */
export async function frameColour(
  video: string,
  seconds: number,
): Promise<[number, number, number]> {
  const { stdout } = await run(
    ffmpeg.path,
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-ss",
      String(seconds),
      "-i",
      video,
      "-frames:v",
      "1",
      "-vf",
      "scale=1:1:flags=area",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-",
    ],
    { encoding: "buffer" },
  );
  const b = stdout as unknown as Buffer;
  return [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0];
}
