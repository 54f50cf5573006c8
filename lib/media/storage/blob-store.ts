import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { countedUpload } from "@/lib/media/storage/byte-counter";
import {
  BlobNotFoundError,
  del,
  get,
  type IssuedSignedToken,
  issueSignedToken,
  list,
  presignUrl,
  put,
} from "@vercel/blob";
import { assertSafeKey } from "@/lib/media/storage/storage-key";
import type { VideoStore } from "@/lib/media/storage/types";

export type BlobStoreConfig = {
  token: string;
  /** Folder inside the store, e.g. "videos"; a trailing "/" is added when missing. */
  prefix?: string;
  /**
   * Must match the store's own access mode. "private" (the default) gives real expiring links:
   * the SDK presigns a GET against a delegation that ends at the video's expiry. "public" is for
   * stores that cannot be private: the blob then sits at an unguessable path and the link only
   * stops working when cleanup deletes the blob.
   */
  access?: "private" | "public";
};

// Delegations are one network call each and signedUrl runs on every poll of a finished job.
const MAX_CACHED = 500;

function folderOf(prefix: string | undefined): string {
  return prefix ? prefix.replace(/^\/+/, "").replace(/\/*$/, "/") : "";
}

/** Videos in Vercel Blob, downloaded straight from its CDN. */
export function createBlobStore(config: BlobStoreConfig): VideoStore {
  const access = config.access ?? "private";
  const folder = folderOf(config.prefix);
  const { token } = config;
  const delegations = new Map<string, Promise<IssuedSignedToken>>();
  const publicUrls = new Map<string, string>();

  function remember<V>(cache: Map<string, V>, key: string, value: V): V {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  }

  // Private: one fixed path per key. Public: a random folder per put, found again by listing.
  const privatePath = (key: string) => `${folder}${key}.mp4`;
  const publicFolder = (key: string) => `${folder}${key}/`;
  // A public store serves every path to anyone: there a record sits under a folder only the token derives.
  const recordFolder = `${folder}${access === "public" ? `${createHash("sha256").update(`records\n${token}`).digest("hex").slice(0, 32)}/` : ""}`;
  const recordPath = (name: string) => {
    assertSafeKey(name);
    return `${recordFolder}${name}.json`;
  };

  async function publicBlobs(key: string) {
    const { blobs } = await list({ token, prefix: publicFolder(key), limit: 100 });
    return blobs.sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
  }

  return {
    driver: "blob",
    async put(key, body: Readable, contentType) {
      try {
        assertSafeKey(key);
      } catch (error) {
        body.destroy();
        throw error;
      }
      const pathname =
        access === "private"
          ? privatePath(key)
          : `${publicFolder(key)}${randomBytes(16).toString("base64url")}.mp4`;
      // One streamed PUT: multipart would buffer up to 128 MB; a blob is visible only once complete.
      const { size, result } = await countedUpload(body, (counted) =>
        put(pathname, counted, {
          access,
          token,
          contentType,
          addRandomSuffix: false,
          allowOverwrite: true,
        }),
      );
      if (access === "public") remember(publicUrls, key, result.url);
      return { size };
    },
    async signedUrl(key, expiresAt) {
      assertSafeKey(key);
      if (access === "public") {
        const known = publicUrls.get(key);
        if (known) return known;
        const latest = (await publicBlobs(key))[0];
        if (!latest) throw new Error(`no blob stored for video ${key}`);
        return remember(publicUrls, key, latest.url);
      }
      const pathname = privatePath(key);
      const validUntil = expiresAt.getTime();
      const cacheKey = `${pathname}@${validUntil}`;
      let delegation = delegations.get(cacheKey);
      if (!delegation) {
        // Scoped to this one blob and to reads, so a leaked URL reveals nothing else.
        delegation = remember(
          delegations,
          cacheKey,
          issueSignedToken({ token, pathname, operations: ["get"], validUntil }),
        );
        delegation.catch(() => delegations.delete(cacheKey));
      }
      const { presignedUrl } = await presignUrl(await delegation, {
        operation: "get",
        pathname,
        access,
        validUntil,
      });
      return presignedUrl;
    },
    async remove(key) {
      assertSafeKey(key);
      publicUrls.delete(key);
      const targets =
        access === "private"
          ? [privatePath(key)]
          : (await publicBlobs(key)).map((blob) => blob.url);
      if (targets.length === 0) return;
      // The API treats a missing blob as deleted; the catch is for older or stricter API versions.
      await del(targets, { token }).catch((error: unknown) => {
        if (!(error instanceof BlobNotFoundError)) throw error;
      });
    },
    async writeRecord(name, body) {
      await put(recordPath(name), body, {
        access,
        token,
        contentType: "application/json",
        addRandomSuffix: false,
        allowOverwrite: true,
        cacheControlMaxAge: 60,
      });
    },
    async readRecord(name) {
      // Past the CDN: a cached copy could be an older checkpoint.
      const found = await get(recordPath(name), { access, token, useCache: false });
      if (found?.statusCode !== 200) return null;
      return new Response(found.stream).text();
    },
    async removeRecord(name) {
      const { blobs } = await list({ token, prefix: recordPath(name), limit: 10 });
      const targets = blobs.filter((b) => b.pathname === recordPath(name)).map((b) => b.url);
      if (targets.length) await del(targets, { token });
    },
    async listRecords(prefix, limit) {
      const { blobs } = await list({
        token,
        prefix: `${recordFolder}${prefix}`,
        limit: Math.min(limit, 1000),
      });
      return blobs.flatMap((b) =>
        b.pathname.endsWith(".json")
          ? [
              {
                name: b.pathname.slice(recordFolder.length, -".json".length),
                writtenAt: b.uploadedAt,
              },
            ]
          : [],
      );
    },
  };
}
