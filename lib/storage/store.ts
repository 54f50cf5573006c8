import "server-only";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { createBlobStore } from "@/lib/storage/blob-store";
import { createLocalStore } from "@/lib/storage/local-store";
import { createS3Store } from "@/lib/storage/s3-store";
import type { VideoStore } from "@/lib/storage/types";
import { namedSecret } from "@/lib/secrets/named-secret";

const holder = globalThis as unknown as { __reel402Store?: VideoStore };

export function localVideoDir(): string {
  return path.join(getEnv().dataDir, "videos");
}

/** The configured video store, one per process. */
export function getVideoStore(): VideoStore {
  if (holder.__reel402Store) return holder.__reel402Store;
  const { storage } = getEnv();
  const store =
    storage.driver === "s3"
      ? createS3Store(storage.s3)
      : storage.driver === "blob"
        ? createBlobStore(storage.blob)
        : createLocalStore({ dir: localVideoDir(), secret: namedSecret("video-url") });
  holder.__reel402Store = store;
  return store;
}
