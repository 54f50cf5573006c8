import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { GenerationSpec } from "@/lib/catalog";
import { describeError } from "@/lib/platform";
import {
  type ImageScreening,
  posterKey,
  putVideoWithPoster,
  screenImage,
  type VideoStore,
} from "@/lib/media";
import { judgeFrame, type OutputCategory } from "@/lib/jobs/output-policy";
import { FrameSamplingError, type SamplerOptions, sampleFrames } from "@/lib/jobs/sample-frames";

/** What screening a delivered video found; `unknown` means it could not tell, never a pass. */
export type VideoScreening =
  | { verdict: "pass"; frames: number; ms: number }
  | { verdict: "withheld"; category: OutputCategory; frames: number; ms: number }
  | { verdict: "unknown"; reason: string; ms: number };

/** Screens a video file spooled to local disk for the job whose spec it was rendered from. */
export type DeliveredVideoScreener = (
  file: string,
  spec: GenerationSpec,
) => Promise<VideoScreening>;

export type ScreenerOptions = SamplerOptions & {
  /** The image screener's front door; replaced only to prove what a crashing model does. */
  screenImage?: (bytes: Buffer, scope: { faces: boolean }) => Promise<ImageScreening>;
};

/** Samples the video's frames and puts each through the image screener, stopping at the first refusal. */
export function createVideoScreener(opts: ScreenerOptions = {}): DeliveredVideoScreener {
  const screen = opts.screenImage ?? screenImage;
  return async (file, spec) => {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const { frames } = await sampleFrames(file, opts);
      // Faces matter only in a video made from pictures (output-policy.ts); elsewhere the
      // detector's passes would cost most of the screening and change no verdict.
      const fromImages = spec.images !== undefined;
      for (const frame of frames) {
        const judged = judgeFrame(await screen(frame, { faces: fromImages }), fromImages);
        if (!judged.release)
          return {
            verdict: "withheld",
            category: judged.category,
            frames: frames.length,
            ms: ms(),
          };
      }
      return { verdict: "pass", frames: frames.length, ms: ms() };
    } catch (error) {
      // Our own sampler's words are safe to keep; anything else is named by its class only.
      if (!(error instanceof FrameSamplingError))
        console.error(`[reel402] screening a delivered video failed: ${describeError(error)}`);
      const reason =
        error instanceof FrameSamplingError
          ? error.message
          : `${error instanceof Error ? error.name : typeof error} while screening frames`;
      return { verdict: "unknown", reason, ms: ms() };
    }
  };
}

export const screenDeliveredVideo: DeliveredVideoScreener = createVideoScreener();

/**
 * The one way a delivered video reaches the store: spooled to a local file, screened, and stored
 * (with its poster) only when the screening passed. A withheld video is removed from the store
 * too, in case an earlier run stored it before a crash and this screening judged it otherwise.
 */
export async function screenAndStoreVideo(
  deps: { store: VideoStore; screen: DeliveredVideoScreener },
  key: string,
  spec: GenerationSpec,
  body: Readable,
): Promise<VideoScreening> {
  const dir = await mkdtemp(path.join(tmpdir(), "reel402-delivered-"));
  try {
    const file = path.join(dir, "video.mp4");
    await pipeline(body, createWriteStream(file));
    const screening = await deps.screen(file, spec);
    if (screening.verdict === "pass") await putVideoWithPoster(deps.store, key, file);
    if (screening.verdict === "withheld") {
      await deps.store.remove(key);
      await deps.store.remove(posterKey(key));
    }
    return screening;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
