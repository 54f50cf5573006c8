import "server-only";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { createLocalStore } from "@/lib/storage/local-store";
import type { VideoStore } from "@/lib/storage/types";
import { getVideoUrlSecret } from "@/lib/storage/url-secret";

const holder = globalThis as unknown as { __reel402Store?: VideoStore };

export function localVideoDir(): string {
  return path.join(getEnv().dataDir, "videos");
}

/** The configured video store, one per process. */
export function getVideoStore(): VideoStore {
  if (holder.__reel402Store) return holder.__reel402Store;
  const store = createLocalStore({ dir: localVideoDir(), secret: getVideoUrlSecret() });
  holder.__reel402Store = store;
  return store;
}
