import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A path-style S3 stand-in: PutObject, multipart upload, GetObject, DeleteObject, ListObjectsV2. It does not
 * verify SigV4 signatures, but records which signing scheme each request carried.
 */

export type S3Operation =
  | "PutObject"
  | "CreateMultipartUpload"
  | "UploadPart"
  | "CompleteMultipartUpload"
  | "AbortMultipartUpload"
  | "GetObject"
  | "HeadObject"
  | "DeleteObject"
  | "ListObjectsV2"
  | "Unknown";

export type S3Call = {
  op: S3Operation;
  bucket: string;
  key: string;
  /** "header": an `authorization: AWS4-HMAC-SHA256 …` header; "query": a presigned URL; null: unsigned. */
  signed: "header" | "query" | null;
  query: Record<string, string>;
  bytes: number;
};

export type FakeS3 = {
  endpoint: string;
  calls: S3Call[];
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads: Map<string, Map<number, Buffer>>;
  close(): Promise<void>;
};

const md5 = (data: Buffer) => `"${createHash("md5").update(data).digest("hex")}"`;

function xml(res: ServerResponse, status: number, body: string): void {
  res
    .writeHead(status, { "content-type": "application/xml" })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function operation(method: string, q: URLSearchParams): S3Operation {
  if (method === "PUT") return q.has("uploadId") ? "UploadPart" : "PutObject";
  if (method === "POST")
    return q.has("uploads")
      ? "CreateMultipartUpload"
      : q.has("uploadId")
        ? "CompleteMultipartUpload"
        : "Unknown";
  if (method === "DELETE") return q.has("uploadId") ? "AbortMultipartUpload" : "DeleteObject";
  if (method === "GET") return q.get("list-type") === "2" ? "ListObjectsV2" : "GetObject";
  return method === "HEAD" ? "HeadObject" : "Unknown";
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(): Promise<FakeS3> {
  const calls: S3Call[] = [];
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const openUploads = new Map<string, Map<number, Buffer>>();
  const uploadContentTypes = new Map<string, string>();
  const modified = new Map<string, Date>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const [bucket = "", ...rest] = url.pathname.slice(1).split("/").map(decodeURIComponent);
    const key = rest.join("/");
    const id = `${bucket}/${key}`;
    const q = url.searchParams;
    const op = operation(req.method ?? "GET", q);
    const body = await readBody(req);
    const auth = req.headers.authorization ?? "";
    const signed = auth.startsWith("AWS4-HMAC-SHA256 ")
      ? "header"
      : q.get("X-Amz-Algorithm") === "AWS4-HMAC-SHA256"
        ? "query"
        : null;
    calls.push({ op, bucket, key, signed, query: Object.fromEntries(q), bytes: body.length });
    const uploadId = q.get("uploadId") ?? "";

    switch (op) {
      case "PutObject":
        objects.set(id, {
          body,
          contentType: req.headers["content-type"] ?? "application/octet-stream",
        });
        modified.set(id, new Date());
        res.writeHead(200, { etag: md5(body) }).end();
        return;
      case "CreateMultipartUpload": {
        const newId = randomUUID();
        openUploads.set(newId, new Map());
        uploadContentTypes.set(newId, req.headers["content-type"] ?? "application/octet-stream");
        xml(
          res,
          200,
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${newId}</UploadId></InitiateMultipartUploadResult>`,
        );
        return;
      }
      case "UploadPart": {
        const parts = openUploads.get(uploadId);
        if (!parts) return xml(res, 404, "<Error><Code>NoSuchUpload</Code></Error>");
        parts.set(Number(q.get("partNumber")), body);
        res.writeHead(200, { etag: md5(body) }).end();
        return;
      }
      case "CompleteMultipartUpload": {
        const parts = openUploads.get(uploadId);
        if (!parts) return xml(res, 404, "<Error><Code>NoSuchUpload</Code></Error>");
        // Assemble in the order the client lists, as S3 does, so a mis-ordered list shows up as wrong bytes.
        const order = [...body.toString("utf8").matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map(
          (m) => Number(m[1]),
        );
        const buffers = order.map((n) => parts.get(n));
        if (order.length === 0 || buffers.some((b) => !b))
          return xml(res, 400, "<Error><Code>InvalidPart</Code></Error>");
        const whole = Buffer.concat(buffers as Buffer[]);
        objects.set(id, {
          body: whole,
          contentType: uploadContentTypes.get(uploadId) ?? "application/octet-stream",
        });
        modified.set(id, new Date());
        openUploads.delete(uploadId);
        xml(
          res,
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${md5(whole)}</ETag></CompleteMultipartUploadResult>`,
        );
        return;
      }
      case "AbortMultipartUpload":
        openUploads.delete(uploadId);
        res.writeHead(204).end();
        return;
      case "GetObject":
      case "HeadObject": {
        const object = objects.get(id);
        if (!object) return xml(res, 404, `<Error><Code>NoSuchKey</Code><Key>${key}</Key></Error>`);
        res.writeHead(200, {
          "content-type": object.contentType,
          "content-length": object.body.length,
          etag: md5(object.body),
        });
        res.end(op === "GetObject" ? object.body : undefined);
        return;
      }
      case "ListObjectsV2": {
        const prefix = q.get("prefix") ?? "";
        const max = Number(q.get("max-keys") ?? "1000");
        const keys = [...objects.keys()]
          .filter((k) => k.startsWith(`${bucket}/${prefix}`))
          .sort()
          .slice(0, max);
        const contents = keys
          .map((k) => {
            const o = objects.get(k) as { body: Buffer };
            const at = (modified.get(k) ?? new Date(0)).toISOString();
            return `<Contents><Key>${k.slice(bucket.length + 1)}</Key><LastModified>${at}</LastModified><ETag>${md5(o.body)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join("");
        xml(
          res,
          200,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
        return;
      }
      case "DeleteObject":
        objects.delete(id);
        modified.delete(id);
        res.writeHead(204).end();
        return;
      default:
        xml(res, 501, "<Error><Code>NotImplemented</Code></Error>");
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        xml(
          res,
          500,
          `<Error><Code>InternalError</Code><Message>${String(error)}</Message></Error>`,
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    objects,
    openUploads,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
