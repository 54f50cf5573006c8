import type { Readable } from "node:stream";
import type { GenerationSpec } from "@/lib/catalog";

export type ProviderName = "local" | "ark" | "fal";

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
