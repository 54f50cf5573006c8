import type { FacilitatorClient } from "@x402/core/server";
import { FacilitatorTimeoutError } from "@x402/core/server";

const FAULTS = ["settle-timeout-after", "settle-timeout-before", "verify-timeout"] as const;

/**
 * Devnet-only fault injection (DEVNET_FAULTS) so the money-safety paths can be exercised:
 * a settle call that times out after the transfer landed, or before anything was sent; a verify
 * call that never answers in time.
 */
export function withSettlementFaults(
  inner: FacilitatorClient,
  faults: ReadonlySet<string>,
): FacilitatorClient {
  if (!FAULTS.some((f) => faults.has(f))) return inner;
  return {
    verify: async (p, r) => {
      if (faults.has("verify-timeout")) throw new FacilitatorTimeoutError("verify", 1);
      return inner.verify(p, r);
    },
    getSupported: () => inner.getSupported(),
    settle: async (p, r) => {
      if (!faults.has("settle-timeout-after") && !faults.has("settle-timeout-before"))
        return inner.settle(p, r);
      if (faults.has("settle-timeout-after")) await inner.settle(p, r);
      throw new FacilitatorTimeoutError("settle", 1);
    },
  };
}
