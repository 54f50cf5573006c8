import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { countedUpload } from "@/lib/media/storage/byte-counter";
import { assertSafeKey } from "@/lib/media/storage/storage-key";
import type { VideoStore } from "@/lib/media/storage/types";

export type S3StoreConfig = {
  bucket: string;
  region: string;
  /** For R2, MinIO and other S3-compatible services; omitted for AWS. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket, e.g. "videos"; a trailing "/" is added when missing. */
  prefix?: string;
  /** MinIO and most self-hosted services need path-style URLs (no bucket subdomain). */
  forcePathStyle?: boolean;
};

/** SigV4 presigned URLs cannot outlive 7 days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const PART_SIZE = 5 * 1024 * 1024;
// Upload holds at most queueSize * partSize in memory: 20 MB per put.
const QUEUE_SIZE = 4;

export function objectKey(prefix: string | undefined, key: string, extension = ".mp4"): string {
  assertSafeKey(key);
  const folder = prefix ? prefix.replace(/^\/+/, "").replace(/\/*$/, "/") : "";
  return `${folder}${key}${extension}`;
}

/** Seconds from now until `expiresAt`, at least 1 (the presigner refuses 0) and at most the SigV4 cap. */
export function presignSeconds(expiresAt: Date, now = new Date()): number {
  const seconds = Math.ceil((expiresAt.getTime() - now.getTime()) / 1000);
  return Math.min(MAX_PRESIGN_SECONDS, Math.max(1, seconds));
}

/** Links signed within one window are identical; a window is far shorter than any link's life. */
const SIGNING_WINDOW_MS = 10 * 60_000;

export function signingWindowStart(now = Date.now()): Date {
  return new Date(now - (now % SIGNING_WINDOW_MS));
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}

/** Videos in an S3-compatible bucket (AWS S3, R2, MinIO…), downloaded straight from it via presigned GETs. */
export function createS3Store(config: S3StoreConfig): VideoStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC checksums (and aws-chunked trailers) are refused by several
    // S3-compatible services; SigV4 already covers integrity of what we send.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  return {
    driver: "s3",
    async put(key, body: Readable, contentType) {
      let Key: string;
      try {
        Key = objectKey(config.prefix, key);
      } catch (error) {
        body.destroy();
        throw error;
      }
      // The object appears only when the upload completes, so a crash leaves no half video;
      // a failed multipart upload is aborted (leavePartsOnError: false) so no parts linger.
      const { size } = await countedUpload(body, (counted) =>
        new Upload({
          client,
          params: { Bucket: config.bucket, Key, Body: counted, ContentType: contentType },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
          leavePartsOnError: false,
        }).done(),
      );
      return { size };
    },
    signedUrl(key, expiresAt) {
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: objectKey(config.prefix, key),
      });
      // Signed as of the start of the current window: the same link all window long, so a
      // poll's body (and its entity tag) stays the same; it still expires at `expiresAt`.
      const signingDate = signingWindowStart();
      return getSignedUrl(client, command, {
        signingDate,
        expiresIn: presignSeconds(expiresAt, signingDate),
      });
    },
    async remove(key) {
      try {
        await client.send(
          new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(config.prefix, key) }),
        );
      } catch (error) {
        // S3 itself answers 204 for a missing key; some compatible services answer 404.
        if (!isMissing(error)) throw error;
      }
    },
    async writeRecord(name, body) {
      const Key = objectKey(config.prefix, name, ".json");
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key,
          Body: body,
          ContentType: "application/json",
        }),
      );
    },
    async readRecord(name) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: objectKey(config.prefix, name, ".json"),
          }),
        );
        return (await res.Body?.transformToString("utf8")) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async removeRecord(name) {
      try {
        await client.send(
          new DeleteObjectCommand({
            Bucket: config.bucket,
            Key: objectKey(config.prefix, name, ".json"),
          }),
        );
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async listRecords(prefix, limit) {
      const folder = objectKey(config.prefix, "x", "").slice(0, -1); // the prefix folder, spelled as objectKey spells it
      const res = await client.send(
        new ListObjectsV2Command({
          Bucket: config.bucket,
          Prefix: `${folder}${prefix}`,
          MaxKeys: Math.min(limit, 1000),
        }),
      );
      return (res.Contents ?? []).flatMap((o) =>
        o.Key?.endsWith(".json")
          ? [
              {
                name: o.Key.slice(folder.length, -".json".length),
                writtenAt: o.LastModified ?? new Date(0),
              },
            ]
          : [],
      );
    },
  };
}
