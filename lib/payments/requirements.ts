import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import type { x402ResourceServer } from "@x402/core/server";
import type { Env } from "@/lib/env";

/**
 * Exact-scheme requirements for one quote. The amount is given in atomic units so the retry's
 * requirements are byte-identical to the challenge's and a body that prices differently can
 * never match.
 */
export function buildRequirements(
  server: x402ResourceServer,
  env: Env,
  amountAtomic: number,
): Promise<PaymentRequirements[]> {
  return server.buildPaymentRequirements({
    scheme: "exact",
    network: env.network,
    payTo: env.payTo,
    price: {
      amount: String(amountAtomic),
      asset: env.asset.address,
      extra: { name: env.asset.name, version: env.asset.version },
    },
    maxTimeoutSeconds: env.paymentValiditySeconds,
  });
}

export function paymentRequired(
  server: x402ResourceServer,
  requirements: PaymentRequirements[],
  resource: { url: string; description: string; mimeType: string },
  error?: string,
  extensions?: Record<string, unknown>,
): Promise<PaymentRequired> {
  return server.createPaymentRequiredResponse(requirements, resource, error, extensions);
}
