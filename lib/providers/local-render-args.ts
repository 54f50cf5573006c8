import type { GenerationSpec } from "@/lib/providers/types";
import { frameSize } from "@/lib/providers/frame-size";

export const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
export const FPS = 24;

/** The prompt as drawn: wrapped to the frame, at most a few lines (never parsed as filter syntax: it is read from a file). */
export function wrapPrompt(prompt: string, width: number): string {
  const perLine = Math.max(16, Math.floor(width / 24));
  const words = prompt.replace(/\s+/g, " ").trim().split(" ");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = next;
    if (lines.length === 5) break;
  }
  if (lines.length < 5 && line) lines.push(line);
  return lines.map((l) => ([...l].length > perLine ? `${[...l].slice(0, perLine - 1).join("")}…` : l)).join("\n");
}

/** ffmpeg arguments rendering a spec deterministically from its seed. */
export function renderArgs(spec: GenerationSpec, seed: number, textFile: string, output: string): string[] {
  const { width, height } = frameSize(spec.resolution, spec.ratio);
  const d = spec.durationSeconds;
  const hue = seed % 360;
  const base = `0x${((seed * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(-6)}`;
  const fontSize = Math.max(16, Math.round(Math.min(width, height) / 18));
  const video = [
    `color=c=${base}:s=${width}x${height}:r=${FPS}:d=${d}`,
    `hue=h=${hue}+t*${20 + (seed % 40)}:s=1.5`,
    `drawbox=x=mod(t*${60 + (seed % 90)}\\,${width}):y=ih*0.7:w=iw/8:h=ih/12:color=white@0.35:t=fill`,
    `drawtext=fontfile=${FONT}:textfile=${textFile}:fontcolor=white:fontsize=${fontSize}:line_spacing=${Math.round(fontSize / 3)}:x=(w-text_w)/2:y=(h-text_h)/2:box=1:boxcolor=black@0.45:boxborderw=${Math.round(fontSize / 2)}`,
  ].join(",");
  const args = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", video];
  if (spec.generateAudio) args.push("-f", "lavfi", "-i", `sine=frequency=${220 + (seed % 440)}:sample_rate=44100:duration=${d}`);
  args.push("-map", "0:v");
  if (spec.generateAudio) args.push("-map", "1:a", "-c:a", "aac", "-b:a", "96k");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-crf", "26", "-pix_fmt", "yuv420p", "-r", String(FPS), "-t", String(d), "-movflags", "+faststart", "-f", "mp4", output);
  return args;
}
