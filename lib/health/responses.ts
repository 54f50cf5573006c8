import { problem } from "@/lib/api/problem";
import { json } from "@/lib/api/json";
import { readiness } from "@/lib/health/readiness";

/** GET /healthz: the process is up and serving. No database, no network: a liveness probe must not fail with a dependency. */
export function livenessResponse(): Response {
  return json({ status: "ok" }, 200);
}

/** GET /readyz: 200 when this instance can take paid work, else 503 problem+json naming the failing checks. */
export async function readinessResponse(): Promise<Response> {
  const { ready, failures } = await readiness();
  if (ready) return json({ status: "ready" }, 200);
  return problem("unavailable", `Not ready: ${failures.map((f) => f.reason).join("; ")}.`, {
    extra: { failures },
    headers: { "retry-after": "5" },
  });
}
