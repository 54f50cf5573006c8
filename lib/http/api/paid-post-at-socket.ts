import type { IncomingMessage, ServerResponse } from "node:http";
import { answerAtSocket } from "@/lib/http/api/answer-at-socket";
import { paidPostResponse } from "@/lib/http/api/checkout-response";
import { malformedHostResponse } from "@/lib/http/api/request-host";
import { hostChecked } from "@/lib/http/api/unproxied-route";
import { withErrors } from "@/lib/http/api/with-errors";
import { getEnv, RefusalError } from "@/lib/platform";
import { type SocketRoute, setSocketRoute } from "@/lib/server";

const INCOMPLETE = "The request body ended before it was complete.";
const PAID_POST = /^\/generate\/([^/?#]+)\/([^/?#]+)(\?.*)?$/;

/** POST /generate/{family}/{product}, as the route file answers it (app/generate/…/route.ts). */
export const paidPost = withErrors(
  hostChecked(async (request: Request, family: string, productName: string) =>
    paidPostResponse(request, family, productName),
  ),
);

/**
 * The generation POST answered at the HTTP server, by the same handler the route file runs.
 * Every agent's quote and payment comes here, and Next.js's pass over a request (routing, the
 * request and response adapters, its request context) cost ~0.9 ms of the main thread per
 * quote where the route itself costs ~0.1 ms. Whatever the route file would not plainly receive
 * as is is left to Next.js untouched: another method or path shape, a path Next.js would
 * normalise (dot segments, escapes it decodes differently), and a missing or malformed Host or
 * X-Forwarded-* header, which the proxy answers. The answer carries the headers next.config.ts
 * gives the route, and its exact length instead of a chunked body.
 */
export function answerPaidPostsAtSocket(): void {
  setSocketRoute(paidPostAtSocket(getEnv().publicOrigin));
}

function paidPostAtSocket(origin: string): SocketRoute {
  return (req, res) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.startsWith("/generate/")) return false;
    const match = PAID_POST.exec(url);
    const family = match?.[1] && decoded(match[1]);
    const product = match?.[2] && decoded(match[2]);
    if (!family || !product) return false;
    const target = new URL(url, origin);
    if (target.pathname !== url.slice(0, url.length - (match[3]?.length ?? 0))) return false;
    const headers = requestHeaders(req);
    if (!headers?.has("host") || malformedHostResponse(headers, target.pathname)) return false;
    // The body stream touches the request only once read, so a request refused here is untouched.
    const init = { method: "POST", headers, body: bodyOf(req), duplex: "half" };
    let request: Request;
    try {
      request = new Request(target, init as RequestInit);
    } catch {
      return false;
    }
    void paidPost(request, family, product)
      .then((response) => send(res, response))
      .catch(() => res.destroy());
    return true;
  };
}

/**
 * A path segment as Next.js hands it to the route; null for one that does not decode (the server
 * script refuses those first: lib/http/api/undecodable-path.ts) or that Next.js reads as path
 * structure.
 */
function decoded(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return value === "." || value === ".." || value.includes("/") ? null : value;
  } catch {
    return null;
  }
}

/** The headers as Node.js parsed them (the server's own peer header among them), as Next.js reads them. */
function requestHeaders(req: IncomingMessage): Headers | null {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (value) for (const v of value) headers.append(name, v);
    }
  } catch {
    return null; // a value Headers refuses: Next.js answers it as it does today
  }
  return headers;
}

/**
 * The request body as a stream read on demand: the checkout reads it only after the per-IP guard
 * let the request in, and stops after its limit. A body never read, or the rest of one read in
 * part, is left to the HTTP server, which discards it once the answer is sent.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let reading = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!reading) {
          reading = true;
          // A client gone mid-body is answered (to nobody) as an incomplete request, not logged
          // as a failure of ours; a request that closes before its end never ends otherwise.
          const incomplete = () => {
            if (!done) controller.error(new RefusalError("invalid_request", INCOMPLETE));
            done = true;
          };
          // Gone before the checkout came to read it (the guard runs first): its events are past.
          if (req.destroyed) return incomplete();
          req.on("data", (chunk: Buffer) => {
            if (done) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            req.pause();
          });
          req.once("end", () => {
            if (!done) controller.close();
            done = true;
          });
          req.once("error", incomplete);
          req.once("close", incomplete);
        }
        req.resume();
      },
      cancel() {
        done = true;
        req.removeAllListeners("data");
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  answerAtSocket(res, response.status, response.headers, body);
}
