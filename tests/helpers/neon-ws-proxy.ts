import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { WebSocketServer } from "ws";

/**
 * A local stand-in for Neon's WebSocket proxy: each WebSocket carries one Postgres wire-protocol
 * connection to the machine's real Postgres, as Neon's proxy does in front of Neon's databases.
 */
export async function startNeonWsProxy(target: { host: string; port: number }) {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  wss.on("connection", (ws) => {
    const tcp = connect(target.port, target.host);
    ws.on("message", (data: Buffer) => tcp.write(data));
    tcp.on("data", (chunk) => ws.send(chunk));
    ws.on("close", () => tcp.end());
    tcp.on("close", () => ws.close());
    tcp.on("error", () => ws.close());
  });
  await new Promise<void>((resolve) => wss.on("listening", () => resolve()));
  return {
    address: `127.0.0.1:${(wss.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}
