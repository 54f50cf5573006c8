import { z } from "zod";
import { type AreaContext, bool, type Vars } from "@/lib/platform/config/fields";

/** Where finished videos are kept: the data folder, an S3 bucket or Vercel Blob. */
export const storageVariables = {
  STORAGE_DRIVER: z.enum(["local", "s3", "blob"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  BLOB_READ_WRITE_TOKEN: z.string().min(1).optional(),
  BLOB_ACCESS: z.enum(["private", "public"]).default("private"),
};

export function storageConfig(e: Vars<typeof storageVariables>, { problems }: AreaContext) {
  if (e.STORAGE_DRIVER === "s3" && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
    problems.push(
      "S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when STORAGE_DRIVER=s3",
    );
  if (e.STORAGE_DRIVER === "blob" && !e.BLOB_READ_WRITE_TOKEN)
    problems.push("BLOB_READ_WRITE_TOKEN is required when STORAGE_DRIVER=blob");
  return {
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        bucket: e.S3_BUCKET ?? "",
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
        prefix: e.S3_PREFIX,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
      blob: { token: e.BLOB_READ_WRITE_TOKEN ?? "", access: e.BLOB_ACCESS },
    },
  };
}
