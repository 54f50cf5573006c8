import assert from "node:assert/strict";
import { createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { createFreeReadGate } from "@/lib/http/api/free-read-gate";

const LIMITS = { streamsPerClient: 3, streamsTotal: 5, readsPerMinute: 1000 };

/** A server whose event streams stay open until closed, behind the gate, as scripts/serve.ts runs it. */
async function gatedServer(trustProxy = false, limits = LIMITS) {
  const admit = createFreeReadGate(limits, trustProxy);
  const open: ServerResponse[] = [];
  const server = createServer((req, res) => {
    req.headers["x-reel402-peer"] = req.socket.remoteAddress ?? "";
    if (!admit(req, res)) return;
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(": open\n\n");
    open.push(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string; close: () => void; retryAfter?: string }>(
      (resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
          let body = "";
          res.on("data", (d: Buffer) => {
            body += d.toString();
            if (res.statusCode === 200) resolve({ status: 200, body, close: () => req.destroy() });
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body,
              close: () => {},
              retryAfter: res.headers["retry-after"] as string | undefined,
            }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );
  return { get, close: () => new Promise((r) => server.close(r)), open };
}

test("a burst of event streams from one client is refused at the socket past its share", async () => {
  const s = await gatedServer();
  try {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => s.get(`/jobs/job-${i}/events`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429);
    assert.equal(JSON.parse(refused?.body ?? "{}").code, "too_many_streams");
    assert.equal(refused?.retryAfter, "5");
    // Other paths and methods are not the gate's business.
    assert.equal((await s.get("/jobs/job-1")).status, 200);
    // A closed stream gives its place back.
    const first = answers.find((a) => a.status === 200);
    first?.close();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await s.get("/jobs/job-9/events")).status, 200);
    assert.equal((await s.get("/jobs/job-10/events")).status, 429);
    for (const a of answers) a.close();
  } finally {
    for (const res of s.open) res.destroy();
    await s.close();
  }
});

test("behind a trusted proxy each forwarded client has its own share, and the process its total", async () => {
  const s = await gatedServer(true);
  try {
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const a = await Promise.all([1, 2, 3].map(() => s.get("/jobs/x/events", from("192.0.2.1"))));
    assert.deepEqual(
      a.map((r) => r.status),
      [200, 200, 200],
    );
    const b = await Promise.all([1, 2, 3].map(() => s.get("/jobs/x/events", from("192.0.2.2"))));
    const statuses = b.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 503]);
    assert.equal(JSON.parse(b.find((r) => r.status === 503)?.body ?? "{}").code, "streams_full");
    for (const r of [...a, ...b]) r.close();
  } finally {
    for (const res of s.open) res.destroy();
    await s.close();
  }
});

test("job polls beyond a client's budget are refused at the socket; other routes pass", async () => {
  const s = await gatedServer(false, { ...LIMITS, readsPerMinute: 4 });
  try {
    const polls = await Promise.all(Array.from({ length: 6 }, () => s.get("/jobs/abc")));
    assert.deepEqual(polls.map((p) => p.status).sort(), [200, 200, 200, 200, 429, 429]);
    const refused = polls.find((p) => p.status === 429);
    assert.equal(JSON.parse(refused?.body ?? "{}").code, "rate_limited");
    assert.ok(Number(refused?.retryAfter) >= 1);
    assert.equal((await s.get("/jobs")).status, 200, "the wallet history is not a job poll");
    assert.equal((await s.get("/healthz")).status, 200);
    for (const p of polls) p.close();
  } finally {
    for (const res of s.open) res.destroy();
    await s.close();
  }
});
