import { execFile } from "node:child_process";
import { promisify } from "node:util";
import ffprobe from "@ffprobe-installer/ffprobe";

const run = promisify(execFile);

/** ffmpeg's arguments up to a generated (lavfi) input such as `testsrc=…`: quiet, overwriting. */
export function lavfiInput(source: string): string[] {
  return ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source];
}

export type Probe = {
  width: number;
  height: number;
  duration: number;
  fps: number;
  videoCodec: string;
  hasAudio: boolean;
};

/** What ffprobe says about a video file. */
export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run(ffprobe.path, [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_streams",
    "-show_format",
    file,
  ]);
  const info = JSON.parse(stdout) as {
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      r_frame_rate?: string;
    }[];
    format: { duration: string };
  };
  const video = info.streams.find((s) => s.codec_type === "video");
  if (!video) throw new Error("no video stream");
  const [n = "0", d = "1"] = (video.r_frame_rate ?? "0/1").split("/");
  return {
    width: video.width ?? 0,
    height: video.height ?? 0,
    duration: Number(info.format.duration),
    fps: Number(n) / Number(d),
    videoCodec: video.codec_name,
    hasAudio: info.streams.some((s) => s.codec_type === "audio"),
  };
}
