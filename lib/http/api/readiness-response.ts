import { json } from "@/lib/http/api/json";
import { problem } from "@/lib/http/api/problem";
import { readiness } from "@/lib/ops";
import { services } from "@/lib/server";

/** GET /readyz: 200 when this instance can take paid work, else 503 problem+json naming the failing checks. */
export async function readinessResponse(): Promise<Response> {
  const { db, config, facilitatorReadiness } = services();
  const { ready, failures } = await readiness(db, config, facilitatorReadiness);
  if (ready) return json({ status: "ready" }, 200);
  return problem("unavailable", `Not ready: ${failures.map((f) => f.reason).join("; ")}.`, {
    extra: { failures },
    headers: { "retry-after": "5" },
  });
}
