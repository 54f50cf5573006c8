import { frameSize } from "@/lib/jobs/providers/frame-size";
import type { GenerationSpec } from "@/lib/catalog";

export const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
export const FPS = 24;
/** File names inside a task's directory; ffmpeg runs there, so no caller path enters a filter. */
export const PROMPT_FILE = "prompt.txt";

const MAX_LINES = 6;

/** Deterministic numbers from a seed (mulberry32), so one seed always yields the same clip. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function fontSizeFor(width: number, height: number): number {
  return Math.max(16, Math.round(Math.min(width, height) / 18));
}

/**
 * The prompt as drawn: control characters flattened, wrapped to the frame, at most a few lines
 * with an ellipsis when cut. It reaches drawtext through a file with expansion off, so nothing
 * in it is ever read as filter syntax or `%{…}` expansions.
 */
export function wrapPrompt(prompt: string, width: number, fontSize: number): string {
  // DejaVu Sans averages ~0.6 em per glyph; keep a 10% margin each side.
  const perLine = Math.max(12, Math.floor((width * 0.8) / (fontSize * 0.6)));
  const words = prompt
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const lines: string[] = [];
  let line: string[] = [];
  const pushWord = (word: string[]) => {
    const candidate = line.length ? [...line, " ", ...word] : word;
    if (candidate.length <= perLine) {
      line = candidate;
      return;
    }
    if (line.length) lines.push(line.join(""));
    line = [];
    // A word longer than a line is split hard rather than overflowing the frame.
    for (let i = 0; i < word.length; i += perLine) {
      const piece = word.slice(i, i + perLine);
      if (piece.length === perLine && i + perLine < word.length) lines.push(piece.join(""));
      else line = piece;
    }
  };
  for (const word of words) pushWord([...word]);
  if (line.length) lines.push(line.join(""));
  if (lines.length === 0) return " ";
  if (lines.length <= MAX_LINES) return lines.join("\n");
  const last = [...(lines[MAX_LINES - 1] ?? "")]
    .slice(0, perLine - 1)
    .join("")
    .trimEnd();
  return [...lines.slice(0, MAX_LINES - 1), `${last}…`].join("\n");
}

/** A seeded two-note chord with a slow tremolo, `d` seconds long (lavfi source). */
export function toneSource(num: (min: number, max: number) => string, d: number): string {
  const root = num(110, 330);
  const tone = `(0.2*sin(2*PI*${root}*t)+0.12*sin(2*PI*${root}*1.5*t))*(0.6+0.4*sin(2*PI*${num(0.2, 2)}*t))`;
  return `aevalsrc=exprs='${tone}':s=44100:d=${d}`;
}

/**
 * ffmpeg arguments for a spec, run with the task directory as cwd. The background is a
 * low-resolution plasma scaled up (cheap: the encoder dominates), its colours, speeds and the
 * audio chord all drawn from the seed. Every number in the filters is computed here, never
 * taken from the request.
 */
export function renderArgs(spec: GenerationSpec, seed: number, output: string): string[] {
  const { width, height } = frameSize(spec.resolution, spec.ratio);
  const d = spec.durationSeconds;
  const rnd = seeded(seed);
  const num = (min: number, max: number) => (min + rnd() * (max - min)).toFixed(3);
  // Each channel drifts at least 0.6 rad/s, so every seed visibly moves.
  const speed = () => `${rnd() < 0.5 ? "-" : ""}${num(0.6, 2)}`;
  const wave = (axis: string) => `128+110*sin(${axis}/${num(5, 14)}+T*${speed()}+${num(0, 6.283)})`;
  const grid = `${Math.max(8, Math.round(width / 27))}x${Math.max(8, Math.round(height / 27))}`;
  const fontSize = fontSizeFor(width, height);
  const video = [
    `nullsrc=s=${grid}:r=${FPS}:d=${d}`,
    "format=gbrp",
    `geq=r='${wave("X")}':g='${wave("Y")}':b='${wave("(X+Y)")}'`,
    `scale=${width}:${height}:flags=bicubic`,
    "format=yuv420p",
    `drawtext=fontfile=${FONT}:textfile=${PROMPT_FILE}:expansion=none:fontcolor=white:fontsize=${fontSize}` +
      `:line_spacing=${Math.round(fontSize / 4)}:x=(w-text_w)/2:y=(h-text_h)/2:box=1:boxcolor=black@0.45:boxborderw=${Math.round(fontSize / 2)}`,
  ].join(",");
  const args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", video];
  if (spec.generateAudio) args.push("-f", "lavfi", "-i", toneSource(num, d));
  args.push(
    "-map",
    "0:v",
    "-c:v",
    "libx264",
    "-preset",
    "superfast",
    "-crf",
    "26",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(FPS),
  );
  if (spec.generateAudio) args.push("-map", "1:a", "-c:a", "aac", "-b:a", "96k");
  args.push("-t", String(d), "-movflags", "+faststart", "-f", "mp4", output);
  return args;
}
