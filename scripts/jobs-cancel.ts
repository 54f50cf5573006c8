import { getDb } from "@/lib/db/client";
import { cancelAndRefund } from "@/lib/refunds/cancel-and-refund";
import { getRefundWallet } from "@/lib/payments/operator";

const id = process.argv[2];
if (!id) {
  console.error("usage: npm run jobs:cancel -- <job-id>");
  process.exit(2);
}
const outcome = await cancelAndRefund(await getDb(), id, getRefundWallet() !== null);
if (outcome.kind === "refused") {
  console.error(outcome.detail);
  process.exit(1);
}
console.log(
  `cancelled job ${id} (was ${outcome.from})${outcome.refunded ? "; refund opened — the running service sends it" : "; nothing was charged, no refund needed"}`,
);
process.exit(0);
