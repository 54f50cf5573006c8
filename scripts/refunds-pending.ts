import { formatUsd } from "@/lib/catalog/quote";
import { refundsInStatus } from "@/lib/money/refunds/repository";
import { services } from "@/lib/server/services";

const rows = await refundsInStatus(await services().db(), ["pending", "sent", "manual"]);
if (rows.length === 0) console.log("no refunds outstanding");
for (const r of rows) {
  console.log(
    `${r.status.padEnd(8)} job ${r.jobId}  ${formatUsd(r.amountAtomic)} USDC → ${r.payer}  ${r.transaction ?? ""}  (${r.reason})`,
  );
}
const manual = rows.filter((r) => r.status === "manual").length;
if (manual)
  console.log(
    `${manual} refund(s) need the operator: send the amount to the payer and record the transaction.`,
  );
process.exit(0);
