import assert from "node:assert/strict";
import { Agent } from "node:http";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { type RawAnswer, rawRequest } from "../helpers/raw-request";
import { startServer, type TestServer } from "../helpers/server";

const PATH = "/generate/alpha-fast/5s-720p";
const QUOTE = JSON.stringify({ prompt: "a lighthouse at dusk" });
const LIMIT = 40;
const READS = 5;
const API_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "x-frame-options",
  "referrer-policy",
];

/** One request to the server on `port`; a POST of the quote's path unless told otherwise. */
function send(
  port: number,
  opts: Parameters<typeof rawRequest>[2] & { path?: string } = {},
): Promise<RawAnswer> {
  const { path = PATH, method = "POST", ...rest } = opts;
  return rawRequest(`http://127.0.0.1:${port}`, path, { method, ...rest });
}

const json = { "content-type": "application/json" };

/** Raw bytes on one socket; resolves with everything the server wrote until it goes quiet. */
function raw(port: number, text: string, quietMs = 1_500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        socket.destroy();
        resolve(out);
      }, quietMs);
    };
    socket.on("data", (d) => {
      out += d.toString("utf8");
      settle();
    });
    socket.on("error", reject);
    socket.write(text);
    settle();
  });
}

describe("answers given at the HTTP server, before Next.js", () => {
  let server: TestServer;
  let port: number;
  before(async () => {
    server = await startServer({
      LIMIT_POSTS_PER_MINUTE_PER_IP: String(LIMIT),
      LIMIT_FREE_READS_PER_MINUTE_PER_IP: String(READS),
    });
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    await server?.stop();
  });

  test("a quote is the route's 402 with the route's headers, its exact length and no Next.js header", async () => {
    const res = await send(port, { headers: json, chunks: [QUOTE] });
    assert.equal(res.status, 402);
    assert.equal(Number(res.headers["content-length"]), Buffer.byteLength(res.body));
    assert.equal(res.headers["transfer-encoding"], undefined);
    assert.equal(res.headers.vary, undefined, "Next.js's router Vary is not on an API answer");
    for (const name of API_HEADERS) assert.ok(res.headers[name], `${name} is set`);
    assert.equal(res.headers["cache-control"], "no-store, no-transform");
    const header = JSON.parse(
      Buffer.from(String(res.headers["payment-required"]), "base64").toString("utf8"),
    );
    assert.deepEqual(JSON.parse(res.body), header);
  });

  test("paths Next.js would read otherwise are left to it, and answer as the route does", async () => {
    const plain = await send(port, { headers: json, chunks: [QUOTE] });
    // Percent-escapes decode as Next.js decodes route parameters.
    const escaped = await send(port, {
      path: "/generate/alpha%2Dfast/5s-720p",
      headers: json,
      chunks: [QUOTE],
    });
    assert.equal(escaped.status, 402);
    assert.equal(escaped.headers["payment-required"], plain.headers["payment-required"]);
    // A query string is not part of the route.
    const query = await send(port, { path: `${PATH}?via=test`, headers: json, chunks: [QUOTE] });
    assert.equal(query.status, 402);
    // Dot segments, a trailing slash and an escaped slash are not taken here: Next.js answers them.
    for (const path of [
      "/generate/alpha-fast/../5s-720p",
      `${PATH}/`,
      "/generate/alpha-fast%2F5s-720p/x",
      "/generate/%E0%A4%A/5s-720p",
    ]) {
      const res = await send(port, { path, headers: json, chunks: [QUOTE] });
      assert.notEqual(res.status, 500, path);
      assert.notEqual(res.status, 402, path);
    }
    // A malformed Host is the proxy's 400, as before.
    const badHost = await send(port, { headers: { ...json, host: "bad host!" }, chunks: [QUOTE] });
    assert.equal(badHost.status, 400);
    assert.equal(JSON.parse(badHost.body).code, "invalid_host");
  });

  test("a body refused part-read or unread leaves the kept-alive connection serving the next request", async () => {
    const big = "x".repeat(8_192);
    const cases: [Record<string, string>, string[], string][] = [
      // Read up to the limit, then refused: the rest is discarded, not left on the connection.
      [json, ['{"prompt":"', ...Array.from({ length: 12 }, () => big), '"}'], "body_too_large"],
      // Never read: the route refuses on the Content-Type alone.
      [
        { "content-type": "text/plain" },
        Array.from({ length: 16 }, () => big),
        "unsupported_media_type",
      ],
    ];
    for (const [headers, chunks, code] of cases) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const res = await send(port, { headers, chunks, agent });
        assert.equal(res.status, 403);
        assert.equal(JSON.parse(res.body).code, code);
        const next = await send(port, { headers: json, chunks: [QUOTE], agent });
        assert.equal(next.status, 402, `after ${code}`);
      } finally {
        agent.destroy();
      }
    }
  });

  test("pipelined requests on one connection are answered in order", async () => {
    const one = `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(QUOTE)}\r\n\r\n${QUOTE}`;
    const bad = `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{bad}`;
    const out = await raw(port, one + bad + one);
    const statuses = [...out.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    assert.deepEqual(statuses, [402, 403, 402]);
  });

  test("a client gone mid-body leaves the server answering, with nothing logged as a failure of ours", async () => {
    const before = server.output().length;
    await raw(
      port,
      `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"prompt":"a lig`,
      300,
    );
    const res = await send(port, { headers: json, chunks: [QUOTE] });
    assert.equal(res.status, 402);
    const health = await send(port, { method: "GET", path: "/healthz" });
    assert.equal(health.status, 200);
    assert.doesNotMatch(server.output().slice(before), /unhandled error/);
  });

  test("a path whose escapes do not decode is the 404 problem, where Next.js answered a bare 500", async () => {
    const cases: [string, string][] = [
      ["GET", "/jobs/%zz"],
      ["DELETE", "/jobs/%E0%A4%A"],
      ["GET", "/jobs/%E0%A4%A/events"],
      ["GET", "/videos/%FF"],
      ["POST", "/generate/%E0%A4%A/5s-720p"],
      ["GET", "/nowhere/%zz"],
    ];
    for (const [method, path] of cases) {
      const res = await send(port, {
        method,
        path,
        headers: json,
        chunks: method === "POST" ? [QUOTE] : [],
      });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.headers["content-type"], "application/problem+json");
      const problem = JSON.parse(res.body);
      assert.equal(problem.code, "not_found");
      assert.equal(problem.instance, path);
      for (const name of API_HEADERS) assert.ok(res.headers[name], `${path}: ${name} is set`);
    }
    // An escape that decodes is the route's own business, as before.
    const job = await send(port, { method: "GET", path: "/jobs/%61bc" });
    assert.notEqual(job.status, 500);
  });

  test("a poll refused at the socket carries the API headers, so a browser agent can read its 429", async () => {
    let res: RawAnswer | undefined;
    for (let i = 0; i <= READS + 2 && res?.status !== 429; i++)
      res = await send(port, { method: "GET", path: "/jobs/00000000-0000-4000-8000-000000000000" });
    assert.equal(res?.status, 429);
    assert.equal(JSON.parse(res?.body ?? "{}").code, "rate_limited");
    assert.ok(res?.headers["retry-after"]);
    for (const name of API_HEADERS) assert.ok(res?.headers[name], `${name} is set`);
  });

  test("a peer address sent by the client is not taken for the socket's: the per-IP limit still holds", async () => {
    let status = 0;
    for (let i = 0; i <= LIMIT && status !== 429; i++)
      status = (await send(port, { headers: json, chunks: [QUOTE] })).status;
    assert.equal(status, 429, "the limit is reached from this address");
    const forged = await send(port, {
      headers: { ...json, "x-reel402-peer": "203.0.113.7" },
      chunks: [QUOTE],
    });
    assert.equal(forged.status, 429);
  });
});
