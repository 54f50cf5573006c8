import { frameSize } from "@/lib/jobs/providers/frame-size";
import { FPS, seeded, toneSource } from "@/lib/jobs/providers/local-render-args";
import type { GenerationSpec } from "@/lib/catalog";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

/** File name of a frame image inside a task's directory; ffmpeg picks the decoder by extension. */
export function frameFile(which: "first" | "last", mime: string): string {
  const ext = EXTENSIONS[mime];
  if (!ext) throw new RangeError(`no frame file type for ${mime}`);
  return `${which}.${ext}`;
}

const even = (n: number) => Math.round(n / 2) * 2;
/** Room the camera has to travel: the picture is drawn this much larger than the frame. */
const MOTION_MARGIN = 1.18;

/**
 * ffmpeg arguments that animate a picture, run with the task directory as cwd: the picture
 * covers the frame (scaled, centre-cropped to the exact size), and unless the camera is fixed
 * the frame pans across it along a path drawn from the seed. With a last frame, that picture
 * fades in over the middle of the clip along the same camera path and holds to the end. Every
 * number in the filters is computed here, never taken from the request.
 */
export function imageRenderArgs(
  spec: GenerationSpec,
  seed: number,
  output: string,
  files: { first: string; last: string | null },
): string[] {
  const { width, height } = frameSize(spec.resolution, spec.ratio);
  const d = spec.durationSeconds;
  const rnd = seeded(seed);
  const num = (min: number, max: number) => (min + rnd() * (max - min)).toFixed(3);
  const moving = spec.cameraFixed !== true;
  const coverW = moving ? even(width * MOTION_MARGIN) : width;
  const coverH = moving ? even(height * MOTION_MARGIN) : height;
  // Start in one region and end across the picture, so every seed visibly moves.
  const [x0, x1] =
    rnd() < 0.5
      ? [Number(num(0, 0.3)), Number(num(0.7, 1))]
      : [Number(num(0.7, 1)), Number(num(0, 0.3))];
  const [y0, y1] = [Number(num(0.2, 0.8)), Number(num(0.2, 0.8))];
  const along = (a: number, b: number) => `(${a.toFixed(3)}+${(b - a).toFixed(3)}*min(t/${d}\\,1))`;
  const camera = moving
    ? `crop=${width}:${height}:x='(iw-ow)*${along(x0, x1)}':y='(ih-oh)*${along(y0, y1)}'`
    : `crop=${width}:${height}`;
  const picture = (input: number) =>
    `[${input}:v]scale=${coverW}:${coverH}:force_original_aspect_ratio=increase:flags=bicubic,crop=${coverW}:${coverH},setsar=1,${camera}`;

  const args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"];
  const still = (file: string) => [
    "-loop",
    "1",
    "-framerate",
    String(FPS),
    "-t",
    String(d),
    "-i",
    file,
  ];
  args.push(...still(files.first));
  let graph = `${picture(0)},format=yuv420p[v]`;
  if (files.last) {
    args.push(...still(files.last));
    const start = (d * 0.35).toFixed(3);
    const length = (d * 0.4).toFixed(3);
    graph =
      `${picture(0)},format=yuv420p[a];` +
      `${picture(1)},format=yuva420p,fade=t=in:st=${start}:d=${length}:alpha=1[b];` +
      `[a][b]overlay=shortest=1,format=yuv420p[v]`;
  }
  const audioInput = files.last ? 2 : 1;
  if (spec.generateAudio) args.push("-f", "lavfi", "-i", toneSource(num, d));
  args.push(
    "-filter_complex",
    graph,
    "-map",
    "[v]",
    "-c:v",
    "libx264",
    "-preset",
    "superfast",
    "-crf",
    "24",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(FPS),
  );
  if (spec.generateAudio) args.push("-map", `${audioInput}:a`, "-c:a", "aac", "-b:a", "96k");
  args.push("-t", String(d), "-movflags", "+faststart", "-f", "mp4", output);
  return args;
}
