import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/**
 * A minimal local WalletConnect relay: the relay JSON-RPC (`irn_*`) over one WebSocket server on
 * 127.0.0.1, enough for a sign client (wallet) and the studio's EthereumProvider (dapp) to pair,
 * settle a session and exchange requests without the internet. Messages are opaque (end-to-end
 * encrypted by the clients); the relay only routes them by topic. Every message is kept until its
 * ttl so a client that subscribes late still gets it; the auth JWT in the URL is not verified, only
 * read for the client id (its `iss`), from which subscription ids are derived as the clients expect
 * (sha256(topic + clientId), the id a client assumes when it skips the subscribe call).
 */

type Stored = {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  attestation?: string;
  expiresAt: number;
  from: WebSocket;
  deliveredTo: Set<WebSocket>;
};
type Params = Record<string, unknown>;
type Request = { id: number | string; jsonrpc: "2.0"; method: string; params?: Params };

const str = (v: unknown) => String(v);
const num = (v: unknown, fallback: number) =>
  v === undefined || v === null ? fallback : Number(v);
const opt = (v: unknown) => (typeof v === "string" && v ? v : undefined);
const list = <T>(v: unknown) => (Array.isArray(v) ? (v as T[]) : []);

export type RelayLogEntry = { method: string; topic?: string; tag?: number };

export type TestRelay = {
  url: string;
  /** Every request received, in order (method, topic, tag), for assertions and debugging. */
  log: RelayLogEntry[];
  /** Methods the relay does not implement; answered with `true` so no client hangs. */
  unknown: string[];
  connections: () => number;
  stop: () => Promise<void>;
};

// Tags the sign client gives its payloads (sign-client/src/constants/engine.ts, ENGINE_RPC_OPTS).
const TAG_SESSION_PROPOSE = 1100;
const TAG_SESSION_PROPOSE_RESPONSE = 1101;
const TAG_SESSION_SETTLE = 1102;

export async function startWalletConnectRelay(
  opts: { verbose?: boolean } = {},
): Promise<TestRelay> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once("listening", () => resolve());
    wss.once("error", reject);
  });
  const { port } = wss.address() as AddressInfo;

  /** topic → subscriptions (connection → subscription id). */
  const subscriptions = new Map<string, Map<WebSocket, string>>();
  const mailbox = new Map<string, Stored[]>();
  const log: RelayLogEntry[] = [];
  const unknown: string[] = [];
  let nextServerId = 1;
  const trace = (...args: unknown[]) => {
    if (opts.verbose) console.log("[wc-relay]", ...args);
  };

  const send = (ws: WebSocket, payload: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload));
  };

  const live = (topic: string) => {
    const now = Date.now();
    const kept = (mailbox.get(topic) ?? []).filter((m) => m.expiresAt > now);
    mailbox.set(topic, kept);
    return kept;
  };

  const deliver = (ws: WebSocket, subscriptionId: string, m: Stored) => {
    if (m.from === ws || m.deliveredTo.has(ws)) return;
    m.deliveredTo.add(ws);
    send(ws, {
      id: Date.now() * 1000 + (nextServerId++ % 1000),
      jsonrpc: "2.0",
      method: "irn_subscription",
      params: {
        id: subscriptionId,
        data: {
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation ? { attestation: m.attestation } : {}),
        },
      },
    });
    trace("deliver", m.topic.slice(0, 8), "tag", m.tag);
  };

  const publish = (
    from: WebSocket,
    topic: string,
    message: string,
    ttl: number,
    tag: number,
    attestation?: string,
  ) => {
    const m: Stored = {
      topic,
      message,
      publishedAt: Date.now(),
      tag,
      attestation,
      expiresAt: Date.now() + Math.max(ttl, 30) * 1000,
      from,
      deliveredTo: new Set(),
    };
    live(topic).push(m);
    for (const [ws, subscriptionId] of subscriptions.get(topic) ?? [])
      deliver(ws, subscriptionId, m);
  };

  const clientIds = new WeakMap<WebSocket, string>();
  const subscribe = (ws: WebSocket, topic: string): string => {
    let subs = subscriptions.get(topic);
    if (!subs) {
      subs = new Map();
      subscriptions.set(topic, subs);
    }
    const subscriptionId =
      subs.get(ws) ??
      createHash("sha256")
        .update(topic + (clientIds.get(ws) ?? randomBytes(16).toString("hex")))
        .digest("hex");
    subs.set(ws, subscriptionId);
    // Delivered after the subscribe response, so the client knows the subscription first.
    setTimeout(() => {
      for (const m of live(topic)) deliver(ws, subscriptionId, m);
    }, 10);
    return subscriptionId;
  };

  const unsubscribe = (ws: WebSocket, topic: string) => {
    subscriptions.get(topic)?.delete(ws);
  };

  const handle = (ws: WebSocket, req: Request): unknown => {
    const p = req.params ?? {};
    const topic = opt(p.topic) ?? opt(p.pairingTopic);
    log.push({ method: req.method, topic, tag: typeof p.tag === "number" ? p.tag : undefined });
    trace(req.method, topic ?? p.topics ?? "", p.tag ?? "");
    const ttl = num(p.ttl, 300);
    switch (req.method) {
      case "irn_subscribe":
        return subscribe(ws, str(p.topic));
      case "irn_batchSubscribe":
        return list<string>(p.topics).map((t) => subscribe(ws, t));
      case "irn_unsubscribe":
        unsubscribe(ws, str(p.topic));
        return true;
      case "irn_batchUnsubscribe":
        for (const s of list<{ topic: string }>(p.subscriptions)) unsubscribe(ws, s.topic);
        for (const t of list<string>(p.topics)) unsubscribe(ws, t);
        return true;
      case "irn_publish":
        publish(ws, str(p.topic), str(p.message), ttl, num(p.tag, 0), opt(p.attestation));
        return true;
      case "irn_batchPublish":
        for (const m of list<Params>(p.messages))
          publish(
            ws,
            str(m.topic),
            str(m.message),
            num(m.ttl, 300),
            num(m.tag, 0),
            opt(m.attestation),
          );
        return true;
      case "irn_batchFetchMessages": {
        const messages: unknown[] = [];
        for (const t of list<string>(p.topics)) {
          for (const m of live(t)) {
            if (m.from === ws || m.deliveredTo.has(ws)) continue;
            m.deliveredTo.add(ws);
            messages.push({
              topic: m.topic,
              message: m.message,
              publishedAt: m.publishedAt,
              tag: m.tag,
              ...(m.attestation ? { attestation: m.attestation } : {}),
            });
          }
        }
        return { messages, hasMore: false };
      }
      // The sign client's custom publish methods (engine.sendProposeSession / sendApproveSession via
      // relayer.publishCustom): the relay turns each into ordinary publishes on the right topics and
      // subscribes the sender where it will expect the answer (the sign client skips those subscribe
      // calls: the dapp's pairing.create and the wallet's session topic use `skipSubscribe`).
      case "wc_proposeSession":
        subscribe(ws, str(p.pairingTopic));
        publish(
          ws,
          str(p.pairingTopic),
          str(p.sessionProposal),
          ttl,
          TAG_SESSION_PROPOSE,
          opt(p.attestation),
        );
        return true;
      case "wc_approveSession":
        subscribe(ws, str(p.sessionTopic));
        publish(
          ws,
          str(p.pairingTopic),
          str(p.sessionProposalResponse),
          ttl,
          TAG_SESSION_PROPOSE_RESPONSE,
        );
        publish(ws, str(p.sessionTopic), str(p.sessionSettlementRequest), ttl, TAG_SESSION_SETTLE);
        return true;
      default:
        unknown.push(req.method);
        console.warn(`[wc-relay] unknown method ${req.method}; answering true`);
        return true;
    }
  };

  wss.on("connection", (ws, req: IncomingMessage) => {
    const clientId = clientIdFromAuth(req.url);
    if (clientId) clientIds.set(ws, clientId);
    trace("connection", clientId);
    // The relay pings; a Node client that hears nothing for 35 s terminates the socket.
    const ping = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.ping();
    }, 10_000);
    ws.on("message", (raw) => {
      let payload: Partial<Request>;
      try {
        payload = JSON.parse(raw.toString()) as Partial<Request>;
      } catch {
        return;
      }
      if (typeof payload?.method !== "string") return; // an ack of a delivered message
      let result: unknown;
      try {
        result = handle(ws, payload as Request);
      } catch (e) {
        send(ws, {
          id: payload.id,
          jsonrpc: "2.0",
          error: { code: -32602, message: (e as Error).message },
        });
        return;
      }
      send(ws, { id: payload.id, jsonrpc: "2.0", result });
    });
    ws.on("close", () => {
      clearInterval(ping);
      for (const subs of subscriptions.values()) subs.delete(ws);
    });
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    log,
    unknown,
    connections: () => wss.clients.size,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}

/** The `iss` (did:key client id) of the relay auth JWT in `?auth=`, unverified. */
function clientIdFromAuth(url: string | undefined): string | undefined {
  try {
    const auth = new URL(url ?? "/", "ws://relay").searchParams.get("auth");
    const payload = auth?.split(".")[1];
    if (!payload) return undefined;
    const iss = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")).iss;
    return typeof iss === "string" ? iss : undefined;
  } catch {
    return undefined;
  }
}
