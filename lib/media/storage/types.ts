import type { Readable } from "node:stream";
import type { RecordStore } from "@/lib/platform";

/**
 * Where finished videos live, with the small records kept beside them. Every driver streams: no
 * video is held whole in memory.
 */
export interface VideoStore extends RecordStore {
  readonly driver: "local" | "s3" | "blob";
  /** Streams `body` into the store under `key` (written atomically: a crash leaves no half file). */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** A download URL valid until `expiresAt`; `baseUrl` is the service origin for drivers that serve through us. */
  signedUrl(key: string, expiresAt: Date, baseUrl: string): string | Promise<string>;
  /** Removes a stored video; a missing one is not an error. */
  remove(key: string): Promise<void>;
}
