import type { FacilitatorClient } from "@x402/core/server";
import { FacilitatorTimeoutError } from "@x402/core/server";

/**
 * Devnet-only fault injection (DEVNET_FAULTS) so the money-safety paths can be exercised:
 * a settle call that times out after the transfer landed, or before anything was sent.
 */
export function withSettlementFaults(
  inner: FacilitatorClient,
  faults: ReadonlySet<string>,
): FacilitatorClient {
  if (!faults.has("settle-timeout-after") && !faults.has("settle-timeout-before")) return inner;
  return {
    verify: (p, r) => inner.verify(p, r),
    getSupported: () => inner.getSupported(),
    settle: async (p, r) => {
      if (faults.has("settle-timeout-after")) await inner.settle(p, r);
      throw new FacilitatorTimeoutError("settle", 1);
    },
  };
}
