import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import { httpFailure, networkFailure, retryAfterMs } from "@/lib/jobs/providers/hosted-upstream";

/** What a real fetch throws for `url`. */
const thrownBy = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    () => assert.fail("the request succeeded"),
    (error: unknown) => error,
  );

test("a connection that never opened is a known outcome: nothing reached the upstream", async () => {
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  const { port } = closed.address() as { port: number };
  await new Promise((r) => closed.close(r));
  for (const url of [
    `http://127.0.0.1:${port}/`, // refused
    "http://127.0.0.1:1/", // a port fetch itself refuses
    "http://no-such-host.invalid/", // no such host
  ]) {
    const failure = networkFailure(await thrownBy(url));
    assert.equal(failure.code, "upstream_unreachable", url);
    assert.equal(failure.outcomeUnknown, undefined, url);
  }
});

test("a request that may have gone out is an unknown outcome: timeouts and resets", async () => {
  // A server that takes the request and never answers, then drops the connection.
  const silent = createServer((socket) => setTimeout(() => socket.destroy(), 50));
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  const reset = networkFailure(await thrownBy(`http://127.0.0.1:${port}/`));
  assert.deepEqual([reset.code, reset.outcomeUnknown], ["upstream_unreachable", true]);
  const hung = createServer(() => undefined);
  await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
  const timedOut = networkFailure(
    await thrownBy(`http://127.0.0.1:${(hung.address() as { port: number }).port}/`, {
      signal: AbortSignal.timeout(100),
    }),
  );
  assert.deepEqual([timedOut.code, timedOut.outcomeUnknown], ["upstream_timeout", true]);
  hung.close();
  silent.close();
});

test("Retry-After in seconds or as a date; nonsense, the past and days are bounded", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  const after = (value: string) => retryAfterMs(new Headers({ "retry-after": value }), now);
  assert.equal(after("7"), 7_000);
  assert.equal(after("Thu, 26 Nov 2026 12:00:30 GMT"), 30_000);
  assert.equal(after("Thu, 26 Nov 2026 11:00:00 GMT"), undefined);
  assert.equal(after("soon"), undefined);
  assert.equal(after("999999"), 3_600_000);
  assert.equal(retryAfterMs(new Headers(), now), undefined);
});

test("our account or model refused: retryable elsewhere, marked as the account's fault", () => {
  for (const status of [401, 402, 403])
    assert.deepEqual(
      [httpFailure(status).code, httpFailure(status).fault, httpFailure(status).retryable],
      ["upstream_account", "account", true],
    );
  assert.equal(httpFailure(404, { account: true }).fault, "account");
  assert.equal(httpFailure(422).fault, "request");
  assert.equal(httpFailure(400, { moderated: true }).retryable, false);
  assert.equal(httpFailure(429, { retryAfterMs: 7_000 }).retryAfterMs, 7_000);
});
