import type { ServerResponse } from "node:http";
import {
  type FakeServer,
  FaultQueue,
  sampleVideo,
  serveVideo,
  type VideoDelivery,
} from "./fake-server";

/** What the video upstream fakes (ark, fal) share; each keeps its own wire format. */

export type UpstreamFakeOptions = {
  apiKey?: string;
  /** Status polls answered as queued or running before a submission completes. */
  pollsBeforeDone?: number;
  /** What a finished submission delivers, asked at each download (default: a 1 s test pattern). */
  video?: () => Buffer;
};

/** One submission a fake tracks: an ark task, a fal queued request. */
export type UpstreamJob<F extends string> = {
  id: string;
  body: Record<string, unknown>;
  fault: F | null;
  polls: number;
  status: string;
};

export type UpstreamFake<F extends string> = FakeServer & {
  apiKey: string;
  faults: FaultQueue<F>;
  video: Buffer;
};

/**
 * The key a fake expects, its fault queue and the video it renders, with the two behaviours
 * both upstreams share: how a status poll moves a submission on, and how its video is served.
 */
export async function upstreamBasics<F extends string>(
  opts: UpstreamFakeOptions,
  defaultApiKey: string,
) {
  const pollsBeforeDone = opts.pollsBeforeDone ?? 2;
  const video = await sampleVideo();
  return {
    apiKey: opts.apiKey ?? defaultApiKey,
    faults: new FaultQueue<F>(),
    video,
    /**
     * Counts one status poll of an unfinished submission and says where it now stands: queued
     * on the first poll, done after pollsBeforeDone of them unless task_hang holds it running.
     */
    countPoll(job: UpstreamJob<F>): "queued" | "running" | "done" {
      job.polls++;
      if (job.polls > pollsBeforeDone && job.fault !== "task_hang") return "done";
      return job.polls === 1 ? "queued" : "running";
    },
    /** Serves a finished submission's video, spoiled as a `video_*` fault says (video_html → html). */
    serveJobVideo(res: ServerResponse, fault: F | null): true {
      const delivery = (
        fault?.startsWith("video_") ? fault.slice("video_".length) : "ok"
      ) as VideoDelivery;
      return serveVideo(res, opts.video?.() ?? video, delivery);
    },
  };
}
