import { refusalResponse } from "@/lib/http/api/problem";
import { clientIp, getEnv, hashIp } from "@/lib/platform";
import { services } from "@/lib/server";

/** The hashed address the free endpoints count a request under. */
export function freeClient(request: Request): string {
  return hashIp(clientIp(request.headers, getEnv().trustProxy));
}

/** One free read, or the 429 that refuses it (decided in memory, before any database work). */
export function freeReadRefusal(request: Request, instance: string): Response | null {
  const verdict = services().freeGuard().read(freeClient(request));
  return verdict.ok ? null : refusalResponse(verdict.refusal, { instance });
}

/** A read plus a place for one more event stream, or the 429/503 that refuses it. */
export function openStreamSlot(
  request: Request,
  instance: string,
): { release: () => void } | { refused: Response } {
  const guard = services().freeGuard();
  const client = freeClient(request);
  const read = guard.read(client);
  if (!read.ok) return { refused: refusalResponse(read.refusal, { instance }) };
  const slot = guard.openStream(client);
  return slot.ok
    ? { release: slot.release }
    : { refused: refusalResponse(slot.refusal, { instance }) };
}
