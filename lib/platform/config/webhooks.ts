import { bool, int, type Vars } from "@/lib/platform/config/fields";

/** Where job callbacks may go and how soon a failed one is retried. */
export const webhooksVariables = {
  WEBHOOK_ALLOW_PRIVATE: bool,
  WEBHOOK_RETRY_BASE_MS: int(10_000, 1),
};

export function webhooksConfig(e: Vars<typeof webhooksVariables>) {
  return {
    webhooks: {
      /** Callbacks may reach private, loopback and link-local addresses, and use http (tests, private deployments). */
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      /** The first retry's delay; each later one is three times longer (capped), for 24 hours. */
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
  };
}
