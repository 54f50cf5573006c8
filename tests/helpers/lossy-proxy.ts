import { createServer, request as httpRequest, type Server } from "node:http";
import { freePort } from "./ports";

export type LossyProxy = {
  url: string;
  /** Each paid POST seen: its Idempotency-Key, and the job the server answered with (lost or not). */
  paid: { key: string | null; status: number; body: string; lost: boolean }[];
  close: () => Promise<void>;
};

/**
 * An HTTP relay in front of a real server that loses the answer to the first paid POST: the
 * server receives and answers it, and the client's connection is then dropped without a byte, as
 * when a connection breaks on the way back. Everything else passes through unchanged.
 */
export async function startLossyProxy(target: string): Promise<LossyProxy> {
  const port = await freePort();
  const paid: LossyProxy["paid"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const upstream = httpRequest(
        `${target}${req.url}`,
        {
          method: req.method,
          // Plain bodies, so a test can read the job each answer named.
          headers: { ...req.headers, host: new URL(target).host, "accept-encoding": "identity" },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on("data", (c: Buffer) => body.push(c));
          answer.on("end", () => {
            const isPaid = req.method === "POST" && req.headers["payment-signature"] !== undefined;
            const lost = isPaid && paid.length === 0;
            if (isPaid)
              paid.push({
                key: (req.headers["idempotency-key"] as string | undefined) ?? null,
                status: answer.statusCode ?? 0,
                body: Buffer.concat(body).toString(),
                lost,
              });
            if (lost) return req.socket.destroy();
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      upstream.on("error", () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    paid,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
