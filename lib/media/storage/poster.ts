import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { withTempDir } from "@/lib/media/storage/temp-dir";
import type { VideoStore } from "@/lib/media/storage/types";

/** A video's poster frame is stored beside it, under its key with this suffix. */
const POSTER_SUFFIX = "-poster";

export const posterKey = (videoKey: string): string => `${videoKey}${POSTER_SUFFIX}`;
export const isPosterKey = (key: string): boolean => key.endsWith(POSTER_SUFFIX);

/**
 * Stores a finished video, then a JPEG poster frame of it, so a player shows a picture before
 * play. A stream is spooled to a temporary file once: ffmpeg needs to seek (an MP4's index may
 * sit at its end) and a remote store's upload consumes the stream; a video already in a local
 * file (a path) is read from there and left in place. A poster that cannot be made is left out
 * (the player stays black until played); it never fails the video.
 */
export async function putVideoWithPoster(
  store: VideoStore,
  key: string,
  video: Readable | string,
  ffmpegPath = ffmpegInstaller.path,
): Promise<{ size: number }> {
  return withTempDir("reel402-poster-", async (dir) => {
    let file = video;
    if (typeof file !== "string") {
      file = path.join(dir, "video.mp4");
      await pipeline(video as Readable, createWriteStream(file));
    }
    // A temporary or stored video, never a project file: nothing here for the build to trace.
    const stored = await store.put(
      key,
      createReadStream(/*turbopackIgnore: true*/ file),
      "video/mp4",
    );
    const poster = path.join(dir, "poster.jpg");
    try {
      await extractFrame(ffmpegPath, file, poster);
      await store.put(
        posterKey(key),
        createReadStream(/*turbopackIgnore: true*/ poster),
        "image/jpeg",
      );
    } catch (error) {
      console.warn(`poster frame for video ${key} not stored: ${(error as Error).message}`);
    }
    return stored;
  });
}

/** The most representative of the first 48 frames (ffmpeg's thumbnail filter skips black fades), at most 1280 px wide. */
function extractFrame(ffmpeg: string, video: string, out: string): Promise<void> {
  const args = [
    ...["-nostdin", "-v", "error", "-y", "-i", video],
    ...["-vf", "thumbnail=48,scale='min(1280,iw)':-2", "-frames:v", "1", "-q:v", "4", out],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-500);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(stderr.trim().split("\n").at(-1) || `ffmpeg exited ${code}`)),
    );
  });
}
