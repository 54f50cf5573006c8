import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { createPublicClient, http } from "viem";
import { rpcTransport } from "@/lib/money/payments/rpc-transport";
import { startAnvil, type AnvilHandle } from "@/lib/devnet/anvil";
import { freePort } from "../helpers/ports";

/**
 * The chain RPC transport on a real anvil node and against RPC endpoints that misbehave: every
 * answer viem's own fetch-based transport gives, it gives alike, and a failure is never a success.
 */
let anvil: AnvilHandle;
before(async () => {
  anvil = await startAnvil({ port: await freePort() });
});
after(async () => {
  await anvil.stop();
});

const ADDRESS = "0x0000000000000000000000000000000000000001";

test("reads answer as viem's fetch transport answers them", async () => {
  const ours = createPublicClient({ transport: rpcTransport(anvil.rpcUrl) });
  const stock = createPublicClient({ transport: http(anvil.rpcUrl) });
  assert.equal(await ours.getChainId(), await stock.getChainId());
  assert.equal(await ours.getBlockNumber(), await stock.getBlockNumber());
  assert.equal(
    await ours.getBalance({ address: ADDRESS }),
    await stock.getBalance({ address: ADDRESS }),
  );
  // Many at once share the kept-alive connections and each gets its own answer.
  const ids = await Promise.all(Array.from({ length: 40 }, () => ours.getChainId()));
  assert.deepEqual(new Set(ids), new Set([31337]));
});

test("a JSON-RPC error keeps its code and viem's error class", async () => {
  const ours = createPublicClient({ transport: rpcTransport(anvil.rpcUrl, { retryCount: 0 }) });
  const stock = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
  const ask = (c: typeof ours) =>
    c.request({ method: "reel402_noSuchMethod" as "eth_chainId" }).then(
      () => null,
      (e: Error & { code?: number }) => [e.name, e.code],
    );
  const [mine, theirs] = [await ask(ours), await ask(stock)];
  assert.ok(mine, "an unknown method is an error");
  assert.deepEqual(mine, theirs);
});

/** A misbehaving RPC endpoint on a free port. */
async function endpoint(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

test("an endpoint that never answers times out, and one that answers 503 is an HTTP error", async () => {
  const silent = await endpoint(() => undefined);
  const down = await endpoint((_req, res) => res.writeHead(503).end("busy"));
  try {
    const slow = createPublicClient({
      transport: rpcTransport(silent.url, { timeout: 300, retryCount: 0 }),
    });
    await assert.rejects(slow.getBlockNumber(), { name: "TimeoutError" });
    const busy = createPublicClient({ transport: rpcTransport(down.url, { retryCount: 0 }) });
    await assert.rejects(busy.getBlockNumber(), (e: Error & { status?: number }) => {
      assert.equal(e.name, "HttpRequestError");
      assert.equal(e.status, 503);
      return true;
    });
  } finally {
    await silent.close();
    await down.close();
  }
});

test("an answer over 10 MiB is refused, and one cut off midway is an error", async () => {
  const huge = await endpoint((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < 11; i++) res.write(chunk);
    res.end();
  });
  const cut = await endpoint((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
    res.write('{"jsonrpc":"2.0","id":');
    setTimeout(() => res.destroy(), 20);
  });
  try {
    for (const url of [huge.url, cut.url]) {
      const client = createPublicClient({ transport: rpcTransport(url, { retryCount: 0 }) });
      await assert.rejects(client.getBlockNumber());
    }
  } finally {
    await huge.close();
    await cut.close();
  }
});

test("only http(s) URLs are sent to", async () => {
  const client = createPublicClient({
    transport: rpcTransport("ftp://127.0.0.1:1/", { retryCount: 0 }),
  });
  await assert.rejects(client.getBlockNumber(), /http\(s\)/);
});
