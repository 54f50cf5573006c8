import type { IncomingMessage, ServerResponse } from "node:http";
import { problemBody } from "@/lib/api/problem";
import { clientIp } from "@/lib/limits/client-ip";
import { FreeEndpointGuard, type FreeEndpointLimits } from "@/lib/limits/free-endpoint-guard";

const EVENTS_PATH = /^\/jobs\/[^/]+\/events\/?(?:\?|$)/;

/**
 * Event streams admitted at the socket, before the app: a client that opens hundreds at once is
 * refused here for a few microseconds each, where the same refusal from the route costs a pass
 * through routing and the proxy (500 such refusals held /healthz for seconds). The route keeps
 * its own guard with the same limits; this one counts connections in flight, so a burst is
 * counted as it arrives, not once each request has reached the route.
 */
export function createStreamGate(limits: FreeEndpointLimits, trustProxy: boolean) {
  const gate = new FreeEndpointGuard(limits);
  /** True when the request may go on to the app; otherwise it has been answered. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" || !EVENTS_PATH.test(req.url ?? "")) return true;
    const headers = new Headers();
    for (const name of ["x-forwarded-for", "x-reel402-peer"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const slot = gate.openStream(clientIp(headers, trustProxy));
    if (slot.ok) {
      res.once("close", slot.release);
      return true;
    }
    const body = problemBody(
      slot.code,
      slot.code === "too_many_streams"
        ? "This address holds the most event streams allowed at once; close one, or poll GET /jobs/{id}."
        : "The service holds as many event streams as it can; poll GET /jobs/{id} meanwhile.",
    );
    res.writeHead(body.status, {
      "content-type": "application/problem+json",
      "cache-control": "no-store",
      "retry-after": String(slot.retryAfterSeconds),
    });
    res.end(JSON.stringify(body));
    return false;
  };
}
