import type { VideoStore } from "@/lib/media/storage/types";
import { UPLOAD_ID } from "@/lib/catalog";
import { RefusalError } from "@/lib/platform";
import type { ImageMime, StoredImage } from "@/lib/media/images/types";

/** Uploads are kept a day: long enough to compose and pay for a request, short enough to hold nobody's album. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

type ImageRecord = {
  v: 1;
  id: string;
  mime: ImageMime;
  width: number;
  height: number;
  expiresAt: string;
  data: string;
};

/**
 * Images live as small records beside the videos (every store driver has them), so a job
 * rendered by another process, or after a restart, can read its input back by id.
 */
export async function saveImage(
  store: VideoStore,
  image: StoredImage,
  now = new Date(),
): Promise<{ expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS);
  const record: ImageRecord = {
    v: 1,
    id: image.id,
    mime: image.mime,
    width: image.width,
    height: image.height,
    expiresAt: expiresAt.toISOString(),
    data: image.bytes.toString("base64"),
  };
  // Content-addressed: a second upload of the same pixels rewrites the same record and extends its life.
  await store.writeRecord(image.id, JSON.stringify(record));
  return { expiresAt };
}

export async function readImage(
  store: VideoStore,
  id: string,
  now = new Date(),
): Promise<StoredImage & { expiresAt: Date }> {
  if (!UPLOAD_ID.test(id)) throw new RefusalError("upload_not_found", "No such upload.");
  const text = await store.readRecord(id);
  if (text === null)
    throw new RefusalError("upload_not_found", "No such upload (uploads are kept 24 hours).");
  const record = JSON.parse(text) as ImageRecord;
  const expiresAt = new Date(record.expiresAt);
  if (expiresAt.getTime() <= now.getTime())
    throw new RefusalError(
      "upload_expired",
      "This upload has expired (uploads are kept 24 hours); upload the image again.",
    );
  return {
    id: record.id,
    bytes: Buffer.from(record.data, "base64"),
    mime: record.mime,
    width: record.width,
    height: record.height,
    expiresAt,
  };
}

/**
 * Deletes uploads past their 24 hours (by the record's last write: a re-upload of the same pixels
 * rewrites it). Reading an expired one is refused anyway; this frees the space. Returns how many.
 */
export async function removeExpiredUploads(
  store: VideoStore,
  now = new Date(),
  batch = 200,
): Promise<number> {
  const due = (await store.listRecords("upl_", batch)).filter(
    (r) => UPLOAD_ID.test(r.name) && r.writtenAt.getTime() + UPLOAD_TTL_MS <= now.getTime(),
  );
  let removed = 0;
  for (const record of due) {
    // One failure must not keep the rest; the next tick retries it.
    await store.removeRecord(record.name).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
