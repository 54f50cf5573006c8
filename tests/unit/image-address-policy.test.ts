import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";
import { isPublicAddress, v6Bytes } from "@/lib/platform/net/address-policy";
import { safeFetch } from "@/lib/media/images/safe-fetch";
import { RefusalError } from "@/lib/platform/errors/refusal";

const refusedV4 = [
  "0.0.0.0",
  "0.255.255.255",
  "10.0.0.1",
  "10.255.255.255",
  "100.64.0.1",
  "100.127.255.254",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.0.1",
  "169.254.169.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.0.0.8",
  "192.0.2.1",
  "192.88.99.1",
  "192.168.0.1",
  "192.168.255.255",
  "198.18.0.1",
  "198.19.255.255",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
];
const publicV4 = [
  "1.1.1.1",
  "8.8.8.8",
  "9.255.255.255",
  "11.0.0.1",
  "100.63.255.255",
  "100.128.0.1",
  "172.15.255.255",
  "172.32.0.1",
  "192.167.255.255",
  "192.169.0.1",
  "198.17.255.255",
  "198.20.0.1",
  "223.255.255.254",
];

test("every private, loopback, link-local, shared, documentation, multicast and reserved IPv4 range is refused", () => {
  for (const ip of refusedV4) assert.equal(isPublicAddress(ip), false, ip);
  for (const ip of publicV4) assert.equal(isPublicAddress(ip), true, ip);
});

test("IPv6: only global unicast passes; addresses carrying an IPv4 one are judged by it", () => {
  const refused = [
    "::",
    "::1",
    "0:0:0:0:0:0:0:1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "ff0e::1",
    "fec0::1",
    "100::1",
    "2001:db8::1",
    "2001::1",
    "2001:0:4136:e378::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::FFFF:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "::ffff:10.1.2.3",
    "::ffff:192.168.1.1",
    "::127.0.0.1",
    "::a00:1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "2002:c0a8:101::",
  ];
  for (const ip of refused) assert.equal(isPublicAddress(ip), false, ip);
  for (const ip of [
    "2606:4700:4700::1111",
    "2a00:1450:4001:800::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])
    assert.equal(isPublicAddress(ip), true, ip);
  assert.equal(isPublicAddress("not an ip"), false);
  assert.equal(isPublicAddress("localhost"), false);
  assert.deepEqual(v6Bytes("::ffff:1.2.3.4").slice(10), [0xff, 0xff, 1, 2, 3, 4]);
});

/** A local server that counts what reaches it; the refusals below must happen before any connection. */
async function countingServer(
  handler?: (path: string) => { status: number; headers?: Record<string, string>; body?: Buffer },
) {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    const answer = handler?.(req.url ?? "/") ?? { status: 200, body: Buffer.from("x") };
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof RefusalError, `expected a RefusalError, got ${String(error)}`);
  return error.code;
}

test("safeFetch refuses loopback, metadata and names resolving privately before connecting", async () => {
  const target = await countingServer();
  try {
    const opts = { maxBytes: 1000, timeoutMs: 2000 };
    assert.equal(
      await refusal(safeFetch(`https://127.0.0.1:${target.port}/a.png`, opts)),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch(`http://127.0.0.1:${target.port}/a.png`, opts)),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch("https://169.254.169.254/latest/meta-data/", opts)),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch(`https://[::1]:${target.port}/`, opts)),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch(`https://[::ffff:127.0.0.1]:${target.port}/`, opts)),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch(`https://localhost:${target.port}/a.png`, opts)),
      "image_fetch_refused",
    );
    // A name with one public and one private answer is refused: the client could pick either.
    const mixed = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    assert.equal(
      await refusal(
        safeFetch(`https://images.example:${target.port}/a.png`, { ...opts, resolve: mixed }),
      ),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch(`https://user:pw@example.com/a.png`, opts)),
      "image_fetch_refused",
    );
    assert.equal(await refusal(safeFetch(`ftp://example.com/a.png`, opts)), "image_fetch_refused");
    assert.equal(target.hits(), 0, "no request reached the private server");
  } finally {
    await target.close();
  }
});

test("an allowed origin may be fetched, but its redirect to a private address is vetted and refused", async () => {
  const privateServer = await countingServer();
  const allowed = await countingServer((path) =>
    path === "/big"
      ? { status: 200, body: Buffer.alloc(5000) }
      : path === "/loop"
        ? { status: 302, headers: { location: "/loop" } }
        : { status: 302, headers: { location: `http://127.0.0.1:${privateServer.port}/secret` } },
  );
  try {
    const opts = {
      maxBytes: 1000,
      timeoutMs: 3000,
      allowHosts: new Set([`127.0.0.1:${allowed.port}`]),
    };
    assert.equal(
      await refusal(safeFetch(`http://127.0.0.1:${allowed.port}/redirect`, opts)),
      "image_fetch_refused",
    );
    assert.equal(
      await refusal(safeFetch(`http://127.0.0.1:${allowed.port}/big`, opts)),
      "image_too_large",
    );
    assert.equal(
      await refusal(safeFetch(`http://127.0.0.1:${allowed.port}/loop`, opts)),
      "image_fetch_failed",
    );
    assert.equal(privateServer.hits(), 0, "the redirect target was never contacted");
    assert.equal(
      allowed.hits(),
      1 + 1 + 4,
      "the allowed server saw the redirect, the large file and the four loop hops",
    );
  } finally {
    await Promise.all([allowed.close(), privateServer.close()]);
  }
});
