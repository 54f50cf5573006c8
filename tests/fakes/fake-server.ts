import { execFile } from "node:child_process";
import { mkdir, readFile, rename, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import assert from "node:assert/strict";
import { type PollResult, ProviderFailure } from "@/lib/jobs/providers/types";
import { lavfiInput } from "../helpers/media";

/** Plumbing shared by the upstream fakes (ark, fal): request log, fault queue, video delivery. */

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The body's bytes as sent (uploads are binary). */
  raw: Buffer;
};

export type FakeServer = { url: string; requests: RecordedRequest[]; close(): Promise<void> };

/** Returns false to leave the request hanging (the client must time out). */
export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => boolean | Promise<boolean>;

/** Faults queued for the next submissions, one consumed per submission, in order. */
export class FaultQueue<F extends string> {
  private readonly queue: F[] = [];
  enqueue(...faults: F[]): this {
    this.queue.push(...faults);
    return this;
  }
  take(): F | null {
    return this.queue.shift() ?? null;
  }
  clear(): void {
    this.queue.length = 0;
  }
  get pending(): readonly F[] {
    return this.queue;
  }
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString("utf8");
  let body: unknown = text || null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Kept as the raw string: a malformed body is itself something to assert on.
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
  return { method: req.method ?? "GET", path: req.url ?? "/", headers, body, raw };
}

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const recorded = await record(req);
      requests.push(recorded);
      await handler(recorded, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hung requests hold their sockets open; they are cut rather than waited for.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): true {
  res
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(JSON.stringify(body));
  return true;
}

/** How a finished video is delivered: intact, or broken in one of the ways CDNs break. */
export type VideoDelivery = "ok" | "html" | "truncated" | "short" | "stall";

export function serveVideo(res: ServerResponse, video: Buffer, delivery: VideoDelivery): true {
  const half = video.subarray(0, Math.floor(video.length / 2));
  if (delivery === "html") {
    res
      .writeHead(200, { "content-type": "text/html" })
      .end("<html><body>Access denied</body></html>");
  } else if (delivery === "truncated") {
    // Announces the full length, then the connection drops half-way.
    res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
    res.write(half, () => res.socket?.destroy());
  } else if (delivery === "stall") {
    // Half the file, then silence with the connection held open.
    res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
    res.write(half);
  } else if (delivery === "short") {
    // A consistent length, but the file itself is cut: only the MP4 structure gives it away.
    res
      .writeHead(200, { "content-type": "video/mp4", "content-length": String(half.length) })
      .end(half);
  } else {
    res
      .writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) })
      .end(video);
  }
  return true;
}

let sample: Promise<Buffer> | null = null;

/** A real 1 s H.264 MP4, rendered once per machine and cached in the temp dir. */
export function sampleVideo(): Promise<Buffer> {
  sample ??= (async () => {
    const dir = path.join(os.tmpdir(), "reel402-fakes");
    const file = path.join(dir, "sample-v1.mp4");
    if (!(await stat(file).catch(() => null))) {
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `sample-${process.pid}-${Date.now()}.mp4`);
      const args = lavfiInput("testsrc=s=320x180:r=24:d=1");
      args.push(
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
        temp,
      );
      await promisify(execFile)(ffmpegInstaller.path, args);
      // Renamed into place, so test files starting in parallel never read a half-written sample.
      await rename(temp, file);
    }
    return readFile(file);
  })();
  return sample;
}

/** Polls a provider task until it leaves `running`; returns the outcome and the polls it took. */
export async function pollUntilSettled(
  provider: { poll(taskId: string): Promise<PollResult> },
  taskId: string,
  opts: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<{ result: Exclude<PollResult, { state: "running" }>; polls: number }> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (let polls = 1; ; polls++) {
    const result = await provider.poll(taskId);
    if (result.state !== "running") return { result, polls };
    if (Date.now() > deadline) throw new Error(`task ${taskId} still running after ${polls} polls`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}

/** Asserts a ProviderFailure with this code and retryability whose message leaks no key. */
export async function rejectsWithFailure(
  promise: Promise<unknown>,
  code: string,
  retryable: boolean,
  apiKey: string,
) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ProviderFailure, `not a ProviderFailure: ${String(error)}`);
    assert.equal(error.detail.code, code);
    assert.equal(error.detail.retryable, retryable);
    assert.ok(!error.detail.message.includes(apiKey));
    return true;
  });
}
