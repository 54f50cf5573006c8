import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseAtSocket } from "@/lib/http/api/answer-at-socket";
import { clientIp, FreeEndpointGuard, type FreeEndpointLimits } from "@/lib/platform/edge";

const EVENTS_PATH = /^\/jobs\/[^/]+\/events\/?(?:\?|$)/;
const JOB_PATH = /^\/jobs\/[^/]+\/?(?:\?|$)/;

/**
 * Free reads (job polls, event streams) admitted at the socket, before the app: a client that
 * opens hundreds of streams or polls flat out is refused here for a few microseconds each, where
 * the same refusal from the route costs a pass through routing and the proxy (500 such refusals
 * held /healthz for seconds). The route keeps its own guard with the same limits, for servers
 * without this edge; this one counts connections in flight, so a burst is counted as it
 * arrives, not once each request has reached the route.
 */
export function createFreeReadGate(limits: FreeEndpointLimits, trustProxy: boolean) {
  const gate = new FreeEndpointGuard(limits);
  /** True when the request may go on to the app; otherwise it has been answered. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    const stream = EVENTS_PATH.test(url);
    if (req.method !== "GET" || !(stream || JOB_PATH.test(url))) return true;
    const headers = new Headers();
    for (const name of ["x-forwarded-for", "x-reel402-peer"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const client = clientIp(headers, trustProxy);
    let refusal = gate.read(client);
    if (refusal.ok && stream) {
      const slot = gate.openStream(client);
      if (slot.ok) res.once("close", slot.release);
      refusal = slot;
    }
    if (refusal.ok) return true;
    refuseAtSocket(res, refusal.refusal);
    return false;
  };
}
