import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { VideoStore } from "@/lib/storage/types";
import { signVideoPath } from "@/lib/storage/url-signing";

const KEY = /^[A-Za-z0-9._-]{1,200}$/;

export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`invalid video key: ${key}`);
}

export function localVideoPath(dir: string, key: string): string {
  assertSafeKey(key);
  return path.join(dir, `${key}.mp4`);
}

/** Videos on local disk, served by our own route behind HMAC-signed, expiring links. */
export function createLocalStore(config: { dir: string; secret: string }): VideoStore {
  return {
    driver: "local",
    async put(key, body: Readable) {
      const final = localVideoPath(config.dir, key);
      const partial = `${final}.partial`;
      await mkdir(config.dir, { recursive: true });
      await pipeline(body, createWriteStream(partial));
      await rename(partial, final);
      return { size: (await stat(final)).size };
    },
    signedUrl(key, expiresAt, baseUrl) {
      assertSafeKey(key);
      return `${baseUrl}${signVideoPath(config.secret, key, expiresAt)}`;
    },
    async remove(key) {
      await rm(localVideoPath(config.dir, key), { force: true });
    },
  };
}

/** Opens a stored video for serving: its size and mtime, and a stream of a byte range. */
export async function openLocalVideo(dir: string, key: string) {
  const file = localVideoPath(dir, key);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { size: info.size, mtimeMs: info.mtimeMs, stream: (start: number, end: number) => createReadStream(file, { start, end }) };
}
