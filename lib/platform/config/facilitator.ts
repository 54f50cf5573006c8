import { z } from "zod";
import { DEVNET_ACCOUNT0_KEY } from "@/lib/platform/config/devnet-constants";
import { type AreaContext, int, privateKey, type Vars } from "@/lib/platform/config/fields";

/** Who verifies and settles payments, how long an offer holds, and which key sends refunds. */
export const facilitatorVariables = {
  FACILITATOR_URL: z.string().url().optional(),
  FACILITATOR_PRIVATE_KEY: privateKey.optional(),
  FACILITATOR_TIMEOUT_MS: int(30_000, 1),
  CDP_API_KEY_ID: z.string().min(1).optional(),
  CDP_API_KEY_SECRET: z.string().min(1).optional(),
  PAYMENT_VALIDITY_SECONDS: int(300, 30),
  REFUND_PRIVATE_KEY: privateKey.optional(),
};

export function facilitatorConfig(
  e: Vars<typeof facilitatorVariables>,
  { devnet, network, problems }: AreaContext,
) {
  if (!devnet) {
    if (!e.FACILITATOR_URL) problems.push(`FACILITATOR_URL is required on ${network}`);
    if (e.FACILITATOR_PRIVATE_KEY)
      problems.push("FACILITATOR_PRIVATE_KEY is only for the devnet's local facilitator");
    if (network === "eip155:8453" && !(e.CDP_API_KEY_ID && e.CDP_API_KEY_SECRET))
      problems.push(
        "CDP_API_KEY_ID and CDP_API_KEY_SECRET are required for the Base mainnet facilitator",
      );
  }
  return {
    facilitator: devnet
      ? {
          kind: "local" as const,
          privateKey: (e.FACILITATOR_PRIVATE_KEY ?? DEVNET_ACCOUNT0_KEY) as `0x${string}`,
        }
      : {
          kind: "http" as const,
          url: e.FACILITATOR_URL as string,
          cdpKeyId: e.CDP_API_KEY_ID,
          cdpKeySecret: e.CDP_API_KEY_SECRET,
        },
    facilitatorTimeoutMs: e.FACILITATOR_TIMEOUT_MS,
    paymentValiditySeconds: e.PAYMENT_VALIDITY_SECONDS,
    // Devnet: account #0 refunds. Production: a dedicated hot key, never the payTo wallet's.
    refundKey: (e.REFUND_PRIVATE_KEY ?? (devnet ? DEVNET_ACCOUNT0_KEY : undefined)) as
      | `0x${string}`
      | undefined,
  };
}
