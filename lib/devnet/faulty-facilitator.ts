import type { FacilitatorClient } from "@x402/core/server";
import { FacilitatorTimeoutError } from "@x402/core/server";

/**
 * Devnet-only fault injection (DEVNET_FAULTS) so the money-safety paths can be exercised:
 * a settle call that times out after the transfer landed, or before anything was sent; a verify
 * call that never answers in time. Faults it does not know pass through.
 */
export function withFacilitatorFaults(
  inner: FacilitatorClient,
  faults: ReadonlySet<string>,
): FacilitatorClient {
  if (faults.size === 0) return inner;
  return {
    verify: async (p, r) => {
      if (faults.has("verify-timeout")) throw new FacilitatorTimeoutError("verify", 1);
      return inner.verify(p, r);
    },
    getSupported: () => inner.getSupported(),
    settle: async (p, r) => {
      const landed = faults.has("settle-timeout-after");
      if (!landed && !faults.has("settle-timeout-before")) return inner.settle(p, r);
      if (landed) await inner.settle(p, r);
      throw new FacilitatorTimeoutError("settle", 1);
    },
  };
}
