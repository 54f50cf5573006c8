import { withFacilitatorFaults } from "@/lib/devnet/faulty-facilitator";
import type { FacilitatorDecorator, RefundFaults } from "@/lib/money";

/**
 * DEVNET_FAULTS, wired by the composition root on the devnet only: settlement faults around the
 * in-process facilitator, and a hard crash (exit 137, as a SIGKILL) at a chosen step of the
 * refund driver.
 */
export function devnetFaultHooks(faults: ReadonlySet<string>): {
  decorateFacilitator: FacilitatorDecorator;
  refundFaults: RefundFaults;
} {
  const crash = (fault: string) => (faults.has(fault) ? () => process.exit(137) : undefined);
  return {
    decorateFacilitator: (inner) => withFacilitatorFaults(inner, faults),
    refundFaults: {
      crashAfterRecord: crash("refund-crash-after-record"),
      crashAfterBroadcast: crash("refund-crash-after-broadcast"),
    },
  };
}
