import "server-only";
import path from "node:path";
import type { Env } from "@/lib/platform";
import { createBlobStore } from "@/lib/media/storage/blob-store";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { createS3Store } from "@/lib/media/storage/s3-store";
import type { VideoStore } from "@/lib/media/storage/types";

/** Where the local driver keeps videos (and a crashed upload leaves its `.partial` file). */
export function localVideoDir(dataDir: string): string {
  return path.join(dataDir, "videos");
}

/** The configured video store; `videoUrlSecret` signs the local driver's download links. */
export function createVideoStore(
  config: Pick<Env, "storage" | "dataDir">,
  videoUrlSecret: string,
): VideoStore {
  const { storage } = config;
  return storage.driver === "s3"
    ? createS3Store(storage.s3)
    : storage.driver === "blob"
      ? createBlobStore(storage.blob)
      : createLocalStore({ dir: localVideoDir(config.dataDir), secret: videoUrlSecret });
}
