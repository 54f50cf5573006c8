import type { Readable } from "node:stream";
import type { GenerationSpec } from "@/lib/catalog";

/** Every upstream the service has an adapter for. */
export const PROVIDER_NAMES = ["local", "ark", "fal", "replicate"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Where an upstream adapter reads the bytes of a stored frame image. */
export type ImageLoader = (id: string) => Promise<{ bytes: Buffer; mime: string }>;

/**
 * Why an upstream refused, as far as choosing the next attempt goes:
 * - `account`: the upstream refused our account or the model (key, balance, model not
 *   activated, model unknown): the provider is marked down and the job fails over;
 * - `request`: this upstream cannot take this job's input (a schema or input rule of its own):
 *   another provider may, this one is not asked again for the job.
 * Unset: the attempt's own fate (`retryable` says whether another attempt may help).
 */
export type ProviderFault = "account" | "request";

/** Safe to show a payer: no secrets, no upstream stack traces. */
export type ProviderError = {
  code: string;
  message: string;
  retryable: boolean;
  fault?: ProviderFault;
  /** The upstream asked us to wait this long before calling it again (429 `Retry-After`). */
  retryAfterMs?: number;
  /**
   * Set on a submit whose answer never arrived (timeout, connection reset): the task may exist
   * upstream and bill, so the engine looks it up (`findSubmitted`) before submitting again.
   */
  outcomeUnknown?: boolean;
};

export type PollResult =
  | { state: "running" }
  | { state: "succeeded"; videoUrl: string; seed: number | null; framesPerSecond: number | null }
  | { state: "failed"; error: ProviderError };

export type VideoDownload = { body: Readable; contentType: string; size: number | null };

/** What every upstream call of one attempt carries beside the spec. */
export type AttemptContext = {
  /** Our attempt's id; tags the upstream task wherever the upstream keeps a tag. */
  attemptId: string;
  /** When the attempt began: a lost submit is looked for among tasks created since. */
  startedAt: Date;
  /**
   * A keyed hash of the payer's wallet (never the address): the upstream's end-user or safety
   * identifier, so one abusive payer is not the whole account's record.
   */
  endUser: string;
  /** Where the upstream reports the task's end; null without a public origin (polling only). */
  callbackUrl: string | null;
  /** The upstream is told to stop (and stop billing) a task still unfinished after this long. */
  executionLimitSeconds: number;
};

/** What a cancel achieved: the task will not render (or had ended), or it renders on regardless. */
export type CancelOutcome = "stopped" | "running";

/** An upstream's completion callback, as received: its headers and raw body, unparsed. */
export type CallbackInput = { headers: Headers; body: string };

export interface VideoProvider {
  readonly name: ProviderName;
  /** Whether this upstream honours `camera_fixed`; one that does not is never sent it. */
  readonly honoursCameraFixed: boolean;
  /**
   * The execution limit this upstream actually applies when asked for `requestedSeconds` (its own
   * bounds on the value), or null when it takes none: past it, a task surely renders no more.
   */
  executionLimitSeconds(requestedSeconds: number): number | null;
  /** Starts an upstream task. Throws ProviderFailure. */
  submit(spec: GenerationSpec, attempt: AttemptContext): Promise<{ taskId: string }>;
  /**
   * Looks for the task a submit whose answer was lost created: its id, or null when the upstream
   * says there is none. Throws ProviderFailure when it cannot tell; the engine asks again later.
   */
  findSubmitted(attempt: AttemptContext): Promise<{ taskId: string } | null>;
  /** One status look-up of an earlier task; safe to call after a restart. Throws ProviderFailure. */
  poll(taskId: string): Promise<PollResult>;
  /** Streams the finished video; never buffers it whole. Throws ProviderFailure. */
  download(taskId: string, videoUrl: string): Promise<VideoDownload>;
  /**
   * Asks the upstream to drop a task. "stopped" only when the upstream confirmed it will not
   * render (or it had already ended); anything else is "running". Never throws.
   */
  cancel(taskId: string): Promise<CancelOutcome>;
  /**
   * Authenticates an upstream's completion callback by the upstream's own scheme (signatures,
   * where it signs) and names the task it reports; null when it is not authentic or unreadable.
   * Absent on upstreams that never call back.
   */
  readCallback?(input: CallbackInput): Promise<{ taskId: string } | null>;
}

export class ProviderFailure extends Error {
  readonly detail: ProviderError;
  constructor(detail: ProviderError) {
    super(detail.message);
    this.name = "ProviderFailure";
    this.detail = detail;
  }
}
