import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PARTIAL_SUFFIX } from "@/lib/media/storage/local-store";
import { posterKey } from "@/lib/media/storage/poster";
import type { VideoStore } from "@/lib/media/storage/types";

export type RemoveOptions = {
  /** Parallel removals; remote stores spend most of a removal waiting on the network. */
  concurrency?: number;
  /**
   * Called for each video that could not be removed; it is then not counted, and the rest go on.
   * Without it, the first failure is thrown once every removal has been tried.
   */
  onError?: (key: string, error: unknown) => void;
};

/** Removes the stored files of expired videos and their poster frames; returns how many were removed (a missing one counts). */
export async function removeExpiredVideos(
  store: VideoStore,
  expired: { key: string }[],
  options: RemoveOptions = {},
): Promise<number> {
  const queue = expired.map((video) => video.key);
  let removed = 0;
  const failures: unknown[] = [];
  async function worker(): Promise<void> {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        await store.remove(key);
        await store.remove(posterKey(key));
        removed++;
      } catch (error) {
        if (options.onError) options.onError(key, error);
        else failures.push(error);
      }
    }
  }
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, queue.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failures.length > 0) throw failures[0];
  return removed;
}

/**
 * Local driver only: deletes upload leftovers from crashed processes. A live upload writes its
 * file continuously, so `olderThanMs` must exceed the longest stall of an upstream download.
 */
export async function sweepOrphanPartials(
  dir: string,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  let swept = 0;
  for (const name of names) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null); // gone meanwhile: its upload finished
    if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    swept++;
  }
  return swept;
}
