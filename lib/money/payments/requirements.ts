import type { PaymentRequired, PaymentRequirements, ResourceInfo } from "@x402/core/types";
import type { x402ResourceServer } from "@x402/core/server";
import type { Env } from "@/lib/platform";

/**
 * Exact-scheme requirements for one quote: one per accepted network, the main one first, at the
 * same atomic price. The amount is given in atomic units so the retry's requirements are
 * byte-identical to the challenge's and a body that prices differently can never match.
 */
export async function buildRequirements(
  server: x402ResourceServer,
  env: Env,
  amountAtomic: number,
): Promise<PaymentRequirements[]> {
  const perNetwork = await Promise.all(
    env.networks.map((n) =>
      server.buildPaymentRequirements({
        scheme: "exact",
        network: n.network,
        payTo: n.payTo,
        price: {
          amount: String(amountAtomic),
          asset: n.asset.address,
          extra: { name: n.asset.name, version: n.asset.version },
        },
        maxTimeoutSeconds: env.paymentValiditySeconds,
      }),
    ),
  );
  return perNetwork.flat();
}

export function paymentRequired(
  server: x402ResourceServer,
  requirements: PaymentRequirements[],
  resource: ResourceInfo,
  error?: string,
  extensions?: Record<string, unknown>,
): Promise<PaymentRequired> {
  return server.createPaymentRequiredResponse(requirements, resource, error, extensions);
}
