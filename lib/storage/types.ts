import type { Readable } from "node:stream";

/** Where finished videos live. Every driver streams: no video is held whole in memory. */
export interface VideoStore {
  readonly driver: "local" | "s3" | "blob";
  /** Streams `body` into the store under `key` (written atomically: a crash leaves no half file). */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** A download URL valid until `expiresAt`; `baseUrl` is the service origin for drivers that serve through us. */
  signedUrl(key: string, expiresAt: Date, baseUrl: string): string | Promise<string>;
  /** Removes a stored video; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Small JSON documents kept beside the videos (the audit checkpoint), out of the database's reach.
   * A write replaces the whole record atomically; reading a missing record answers null.
   */
  writeRecord(name: string, body: string): Promise<void>;
  readRecord(name: string): Promise<string | null>;
  /** Removes a record; a missing one is not an error. */
  removeRecord(name: string): Promise<void>;
  /** Up to `limit` records whose names start with `prefix`, with their last write (expired uploads are found this way). */
  listRecords(prefix: string, limit: number): Promise<{ name: string; writtenAt: Date }[]>;
}
