import type { Readable } from "node:stream";

export type Ratio = "16:9" | "4:3" | "1:1" | "3:4" | "9:16" | "21:9" | "adaptive";
export type Resolution = "480p" | "720p" | "1080p";
export type ModelId = "alpha-2.0" | "alpha-2.0-fast";
export type ProviderName = "local" | "ark" | "fal";

/** What the service asks an upstream to render; already validated and defaulted. */
export type GenerationSpec = {
  model: ModelId;
  prompt: string;
  durationSeconds: number;
  resolution: Resolution;
  ratio: Ratio;
  /** null or -1: the upstream picks. */
  seed: number | null;
  generateAudio: boolean;
  cameraFixed: boolean | null;
  /** Image-to-video only: the first frame and, optionally, the last. Absent on text products. */
  images?: FrameImages;
};

/** A picture we stored (re-encoded, screened), named by `upl_` + the sha256 of its bytes. */
export type FrameImage = { id: string; mime: string; width: number; height: number };
export type FrameImages = { first: FrameImage; last: FrameImage | null };

/** Where an upstream adapter reads the bytes of a stored frame image. */
export type ImageLoader = (id: string) => Promise<{ bytes: Buffer; mime: string }>;

/** Safe to show a payer: no secrets, no upstream stack traces. */
export type ProviderError = { code: string; message: string; retryable: boolean };

export type PollResult =
  | { state: "running" }
  | { state: "succeeded"; videoUrl: string; seed: number | null; framesPerSecond: number | null }
  | { state: "failed"; error: ProviderError };

export type VideoDownload = { body: Readable; contentType: string; size: number | null };

export interface VideoProvider {
  readonly name: ProviderName;
  /** Starts an upstream task. Throws ProviderFailure. */
  submit(spec: GenerationSpec): Promise<{ taskId: string }>;
  /** One status look-up of an earlier task; safe to call after a restart. Throws ProviderFailure. */
  poll(taskId: string): Promise<PollResult>;
  /** Streams the finished video; never buffers it whole. Throws ProviderFailure. */
  download(taskId: string, videoUrl: string): Promise<VideoDownload>;
  /** Best effort; a task that cannot be cancelled is left alone. */
  cancel(taskId: string): Promise<void>;
}

export class ProviderFailure extends Error {
  readonly detail: ProviderError;
  constructor(detail: ProviderError) {
    super(detail.message);
    this.name = "ProviderFailure";
    this.detail = detail;
  }
}
