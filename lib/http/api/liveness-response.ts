import { json } from "@/lib/http/api/json";

/** GET /healthz: the process is up and serving. No database, no network: a liveness probe must not fail with a dependency. */
export function livenessResponse(): Response {
  return json({ status: "ok" }, 200);
}
