import { services } from "@/lib/server/services";
import { cancelAndRefund } from "@/lib/money/refunds/cancel-and-refund";

const id = process.argv[2];
if (!id) {
  console.error("usage: npm run jobs:cancel -- <job-id>");
  process.exit(2);
}
const outcome = await cancelAndRefund(
  await services().db(),
  id,
  services().wallets.refund() !== null,
);
if (outcome.kind === "refused") {
  console.error(outcome.detail);
  process.exit(1);
}
console.log(
  `cancelled job ${id} (was ${outcome.from})${outcome.refunded ? "; refund opened — the running service sends it" : "; nothing was charged, no refund needed"}`,
);
process.exit(0);
