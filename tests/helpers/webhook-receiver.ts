import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  id: string;
  timestamp: string;
  body: string;
  verified: boolean;
  answered: number;
};

/**
 * Verifies a Standard Webhooks signature as the specification words it, with node:crypto alone
 * (no shared library, so a mistake in the sender's library cannot hide here): HMAC-SHA256 keyed
 * by the base64 secret after "whsec_", over "id.timestamp.body", sent as space-separated
 * "v1,<base64>" entries; the timestamp within five minutes.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now = Date.now(),
): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${headers.id}.${headers.timestamp}.${body}`)
    .digest();
  if (Math.abs(now / 1000 - Number(headers.timestamp)) > 300) return false;
  return headers.signature.split(" ").some((entry) => {
    const [version, sig] = entry.split(",");
    if (version !== "v1" || !sig) return false;
    const given = Buffer.from(sig, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A webhook receiver on 127.0.0.1 that answers 500 to the first `failures` attempts of each
 * message, then 200, and records every attempt with whether its signature held.
 */
export async function startWebhookReceiver(opts: { failures: number; secret: () => string }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const id = String(req.headers["webhook-id"] ?? "");
      const timestamp = String(req.headers["webhook-timestamp"] ?? "");
      const signature = String(req.headers["webhook-signature"] ?? "");
      const verified = verifyStandardWebhook(opts.secret(), { id, timestamp, signature }, body);
      const earlier = received.filter((r) => r.id === id).length;
      const answered = verified && earlier >= opts.failures ? 200 : verified ? 500 : 401;
      received.push({ id, timestamp, body, verified, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/reel402`,
    received,
    /** Attempts answered 2xx, per webhook-id. */
    accepted: () => received.filter((r) => r.answered === 200),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
