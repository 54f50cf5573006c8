import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { keccak256, parseTransaction } from "viem";

type RpcRequest = {
  jsonrpc: "2.0";
  id: number | string | null;
  method: string;
  params?: unknown[];
};
type RpcResponse = {
  jsonrpc: "2.0";
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
};

/**
 * What a misbehaving RPC does to one call:
 * - error: answers a JSON-RPC error (default -32005, limit exceeded) without forwarding;
 * - hang: holds the call `ms`, then resets the socket, without forwarding (a gateway timeout);
 * - drop: forwards, so a transaction lands, then loses the answer (`status` 500, or a reset);
 * - stale: answers as a node lagging at block `block` ("latest" means that block, later blocks
 *   are unknown to it, receipts and transactions mined after it do not exist).
 */
export type Fault =
  | { kind: "error"; code?: number }
  | { kind: "hang"; ms: number }
  | { kind: "drop"; status?: 500 | "reset" }
  | { kind: "stale"; block: bigint };

export type FaultRule = {
  method: string;
  fault: Fault;
  /** How many matching calls get the fault; per key when `key` is given. Default: no limit. */
  times?: number;
  /** The rule ends at this time (ms since epoch): a node lagging for a while, then caught up. */
  until?: number;
  match?: (req: RpcRequest) => boolean;
  key?: (req: RpcRequest) => string;
};

export type RpcFaultProxy = {
  url: string;
  add: (rule: FaultRule) => { hits: () => number; remove: () => void };
  /** Drops every rule and resets the counters. */
  clear: () => void;
  /** Calls that reached the proxy / got a fault, per method, since the last clear. */
  calls: (method: string) => number;
  faulted: (method: string) => number;
  /** Hashes of every raw transaction the proxy saw broadcast, with the calldata's first 4 bytes. */
  broadcasts: () => { hash: string; selector: string }[];
  close: () => Promise<void>;
};

const hex = (n: bigint) => `0x${n.toString(16)}`;
const TAGS = new Set(["latest", "pending", "safe", "finalized"]);

/** A JSON-RPC proxy in front of anvil with a programmable fault plan; handles batches. */
export async function startRpcFaultProxy(upstream: string): Promise<RpcFaultProxy> {
  let rules: (FaultRule & { used: Map<string, number>; hits: number })[] = [];
  const seen = new Map<string, number>();
  const faults = new Map<string, number>();
  const sent: { hash: string; selector: string }[] = [];
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  const faultFor = (req: RpcRequest): Fault | null => {
    for (const rule of rules) {
      if (rule.method !== req.method && rule.method !== "*") continue;
      if (rule.until !== undefined && Date.now() > rule.until) continue;
      if (rule.match && !rule.match(req)) continue;
      const k = rule.key?.(req) ?? "";
      const n = rule.used.get(k) ?? 0;
      if (n >= (rule.times ?? Infinity)) continue;
      rule.used.set(k, n + 1);
      rule.hits++;
      bump(faults, req.method);
      return rule.fault;
    }
    return null;
  };

  const forward = async (body: unknown): Promise<unknown> => {
    const res = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return res.json();
  };

  /** One request answered as a node stuck at `block` would. */
  const stale = async (req: RpcRequest, block: bigint): Promise<RpcResponse> => {
    const params = [...(req.params ?? [])];
    const unknownBlock = (): RpcResponse => ({
      jsonrpc: "2.0",
      id: req.id,
      error: { code: -32000, message: "header not found" },
    });
    const pin = (i: number): RpcResponse | null => {
      const p = params[i];
      if (p === undefined || (typeof p === "string" && TAGS.has(p))) params[i] = hex(block);
      else if (typeof p === "string" && BigInt(p) > block) return unknownBlock();
      else if (
        typeof p === "object" &&
        p &&
        "blockNumber" in p &&
        BigInt((p as { blockNumber: string }).blockNumber) > block
      )
        return unknownBlock();
      return null;
    };
    const ask = async (): Promise<RpcResponse> =>
      (await forward({ ...req, params })) as RpcResponse;
    switch (req.method) {
      case "eth_blockNumber":
        return { jsonrpc: "2.0", id: req.id, result: hex(block) };
      case "eth_getBlockByNumber":
      case "eth_getTransactionCount":
      case "eth_getBalance":
      case "eth_getCode":
      case "eth_call":
      case "eth_estimateGas": {
        const at = req.method === "eth_getBlockByNumber" ? 0 : 1;
        return pin(at) ?? ask();
      }
      case "eth_getLogs": {
        const filter = { ...(params[0] as Record<string, string>) };
        if (!filter.toBlock || TAGS.has(filter.toBlock) || BigInt(filter.toBlock) > block)
          filter.toBlock = hex(block);
        params[0] = filter;
        return ask();
      }
      case "eth_getTransactionReceipt":
      case "eth_getTransactionByHash": {
        const res = await ask();
        const mined = res.result as { blockNumber?: string | null } | null;
        return mined?.blockNumber && BigInt(mined.blockNumber) > block
          ? { ...res, result: null }
          : res;
      }
      default:
        return ask();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
    const batch = Array.isArray(body) ? body : [body];
    const plan = batch.map((r) => {
      bump(seen, r.method);
      if (r.method === "eth_sendRawTransaction") {
        const raw = String(r.params?.[0]);
        if (!sent.some((s) => s.hash === keccak256(raw as `0x${string}`)))
          sent.push({ hash: keccak256(raw as `0x${string}`), selector: selectorOf(raw) });
      }
      return faultFor(r);
    });
    const hang = plan.find((f) => f?.kind === "hang");
    if (hang?.kind === "hang") {
      await new Promise((r) => setTimeout(r, hang.ms));
      res.socket?.destroy();
      return;
    }
    const answers = await Promise.all(
      batch.map(async (r, i): Promise<RpcResponse> => {
        const f = plan[i];
        if (f?.kind === "error")
          return {
            jsonrpc: "2.0",
            id: r.id,
            error: { code: f.code ?? -32005, message: "request limit exceeded (injected)" },
          };
        if (f?.kind === "stale") return stale(r, f.block);
        return (await forward(r)) as RpcResponse;
      }),
    );
    const drop = plan.find((f) => f?.kind === "drop");
    if (drop?.kind === "drop") {
      if (drop.status === 500) {
        res.writeHead(500, { "content-type": "text/plain" }).end("upstream connection lost");
      } else {
        res.socket?.destroy();
      }
      return;
    }
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    add: (rule) => {
      const entry = { ...rule, used: new Map<string, number>(), hits: 0 };
      rules.push(entry);
      return { hits: () => entry.hits, remove: () => (rules = rules.filter((r) => r !== entry)) };
    },
    clear: () => {
      rules = [];
      seen.clear();
      faults.clear();
    },
    calls: (m) => seen.get(m) ?? 0,
    faulted: (m) => faults.get(m) ?? 0,
    broadcasts: () => [...sent],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The first four calldata bytes of a raw transaction, by decoding it. */
export function selectorOf(raw: string): string {
  try {
    return (parseTransaction(raw as `0x${string}`).data ?? "0x").slice(0, 10);
  } catch {
    return "0x";
  }
}
