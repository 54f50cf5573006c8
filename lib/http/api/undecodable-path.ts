import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseAtSocket } from "@/lib/http/api/answer-at-socket";
import { refusal } from "@/lib/platform/edge";

/**
 * A path with a percent sign that does not decode (not two hex digits, or not UTF-8), answered
 * at the HTTP server: Next.js answers one aimed at a dynamic route (`/jobs/{id}`,
 * `/videos/{key}`) with a bare 500 page, its parameters failing to decode. Nothing is served at
 * such a path, so it gets the 404 problem every unknown path gets. True when answered.
 */
export function refuseUndecodablePath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    const detail = `Nothing is served at ${path}. See /openapi.json.`;
    refuseAtSocket(res, refusal("not_found", detail), { instance: path });
    return true;
  }
}
