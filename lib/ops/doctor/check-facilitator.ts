import "server-only";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/ops/doctor/check-result";
import type { Env } from "@/lib/platform";
import { facilitatorClient } from "@/lib/money";

/** The facilitator answers /supported (with our credentials) and lists x402 v2 `exact` on each of our networks. */
export async function checkFacilitator(env: Env): Promise<CheckResult> {
  if (env.facilitator.kind === "local")
    return skip("facilitator", "devnet: the facilitator runs in-process");
  try {
    const supported = await facilitatorClient(env).getSupported();
    const missing = env.networks.find(
      (n) =>
        !supported.kinds.some(
          (k) => k.x402Version === 2 && k.scheme === "exact" && k.network === n.network,
        ),
    );
    if (missing) {
      const listed =
        supported.kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`).join(", ") ||
        "nothing";
      return fail(
        "facilitator",
        `${env.facilitator.url} does not list x402 v2 exact on ${missing.network} (it lists ${listed})`,
      );
    }
    const all = env.networks.map((n) => n.network).join(", ");
    return ok("facilitator", `${env.facilitator.url} supports x402 v2 exact on ${all}`);
  } catch (error) {
    return fail("facilitator", `${env.facilitator.url}/supported failed: ${reason(error)}`);
  }
}
