import { withSettlementFaults } from "@/lib/devnet/faulty-facilitator";
import { decorateLocalFacilitator } from "@/lib/payments/resource-server";
import { installRefundFaults } from "@/lib/workflow/start-engine";

/**
 * DEVNET_FAULTS, wired by the composition root: settlement faults around the in-process
 * facilitator, and a hard crash (exit 137, as a SIGKILL) at a chosen step of the refund driver.
 */
export function installDevnetFaults(faults: ReadonlySet<string>): void {
  decorateLocalFacilitator((inner) => withSettlementFaults(inner, faults));
  const crash = (fault: string) => (faults.has(fault) ? () => process.exit(137) : undefined);
  installRefundFaults({
    crashAfterRecord: crash("refund-crash-after-record"),
    crashAfterBroadcast: crash("refund-crash-after-broadcast"),
  });
}
