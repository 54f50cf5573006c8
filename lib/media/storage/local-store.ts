import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey } from "@/lib/media/storage/storage-key";
import type { VideoStore } from "@/lib/media/storage/types";
import { signVideoPath } from "@/lib/media/storage/url-signing";

export function localVideoPath(dir: string, key: string): string {
  assertSafeKey(key);
  return path.join(dir, `${key}.mp4`);
}

/** Suffix of in-progress uploads; `sweepOrphanPartials` removes the ones a crash left behind. */
export const PARTIAL_SUFFIX = ".partial";

/** Videos on local disk, served by our own route behind HMAC-signed, expiring links. */
export function createLocalStore(config: { dir: string; secret: string }): VideoStore {
  return {
    driver: "local",
    async put(key, body: Readable) {
      let final: string;
      try {
        final = localVideoPath(config.dir, key);
      } catch (error) {
        body.destroy(); // nobody else will drain the upstream response
        throw error;
      }
      // A per-put random part so two concurrent puts of one key never interleave in one file.
      const partial = `${final}.${randomBytes(6).toString("hex")}${PARTIAL_SUFFIX}`;
      await mkdir(config.dir, { recursive: true });
      try {
        await pipeline(body, createWriteStream(partial, { flags: "wx", mode: 0o644 }));
        // fsync is per file, so a fresh descriptor flushes what the stream wrote: done before the
        // rename, a power loss cannot leave an empty file under the final name.
        const handle = await open(partial, "r+");
        let size: number;
        try {
          await handle.sync();
          size = (await handle.stat()).size;
        } finally {
          await handle.close();
        }
        await rename(partial, final);
        return { size };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    signedUrl(key, expiresAt, baseUrl) {
      assertSafeKey(key);
      return `${baseUrl.replace(/\/+$/, "")}${signVideoPath(config.secret, key, expiresAt)}`;
    },
    async remove(key) {
      await rm(localVideoPath(config.dir, key), { force: true });
    },
    async writeRecord(name, body) {
      assertSafeKey(name);
      const final = path.join(config.dir, `${name}.json`);
      const partial = `${final}.${randomBytes(6).toString("hex")}${PARTIAL_SUFFIX}`;
      await mkdir(config.dir, { recursive: true });
      const handle = await open(partial, "wx", 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, final).catch(async (error: unknown) => {
        await rm(partial, { force: true });
        throw error;
      });
    },
    async readRecord(name) {
      assertSafeKey(name);
      try {
        return await readFile(path.join(config.dir, `${name}.json`), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async removeRecord(name) {
      assertSafeKey(name);
      await rm(path.join(config.dir, `${name}.json`), { force: true });
    },
    async listRecords(prefix, limit) {
      const names = await readdir(config.dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const found: { name: string; writtenAt: Date }[] = [];
      for (const file of names) {
        if (found.length >= limit) break;
        if (!file.startsWith(prefix) || !file.endsWith(".json")) continue;
        const info = await stat(path.join(config.dir, file)).catch(() => null); // removed meanwhile
        if (info?.isFile())
          found.push({ name: file.slice(0, -".json".length), writtenAt: info.mtime });
      }
      return found;
    },
  };
}

export type OpenVideo = {
  size: number;
  mtimeMs: number;
  /** Bytes start..end inclusive; the stream owns the file and closes it when it ends or is destroyed. */
  stream(start: number, end: number): Readable;
  /** For answers without a body (HEAD, 416): releases the file when `stream` is not called. */
  close(): Promise<void>;
};

/**
 * Opens a stored video for serving. Size and bytes come from one descriptor, so a concurrent
 * replace or cleanup cannot make the body disagree with the headers (or vanish mid-download).
 */
export async function openLocalVideo(dir: string, key: string): Promise<OpenVideo | null> {
  const file = localVideoPath(dir, key);
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "EISDIR" || error.code === "ENOTDIR") return null;
    throw error;
  });
  if (!handle) return null;
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!info.isFile()) {
    await handle.close();
    return null;
  }
  return {
    size: info.size,
    mtimeMs: info.mtimeMs,
    stream: (start, end) => handle.createReadStream({ start, end }),
    close: () => handle.close(),
  };
}
