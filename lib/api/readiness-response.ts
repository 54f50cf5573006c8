import { json } from "@/lib/api/json";
import { problem } from "@/lib/api/problem";
import { readiness } from "@/lib/health/readiness";

/** GET /readyz: 200 when this instance can take paid work, else 503 problem+json naming the failing checks. */
export async function readinessResponse(): Promise<Response> {
  const { ready, failures } = await readiness();
  if (ready) return json({ status: "ready" }, 200);
  return problem("unavailable", `Not ready: ${failures.map((f) => f.reason).join("; ")}.`, {
    extra: { failures },
    headers: { "retry-after": "5" },
  });
}
