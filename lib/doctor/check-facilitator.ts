import "server-only";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/doctor/check-result";
import type { Env } from "@/lib/env";
import { facilitatorClient } from "@/lib/payments/resource-server";

/** The facilitator answers /supported (with our credentials) and lists x402 v2 `exact` on our network. */
export async function checkFacilitator(env: Env): Promise<CheckResult> {
  if (env.facilitator.kind === "local")
    return skip("facilitator", "devnet: the facilitator runs in-process");
  try {
    const supported = await facilitatorClient(env).getSupported();
    const ours = supported.kinds.find(
      (k) => k.x402Version === 2 && k.scheme === "exact" && k.network === env.network,
    );
    if (!ours) {
      const listed =
        supported.kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`).join(", ") ||
        "nothing";
      return fail(
        "facilitator",
        `${env.facilitator.url} does not list x402 v2 exact on ${env.network} (it lists ${listed})`,
      );
    }
    return ok("facilitator", `${env.facilitator.url} supports x402 v2 exact on ${env.network}`);
  } catch (error) {
    return fail("facilitator", `${env.facilitator.url}/supported failed: ${reason(error)}`);
  }
}
