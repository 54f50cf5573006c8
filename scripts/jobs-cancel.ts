import { services } from "@/lib/server/services";
import { cancelJob } from "@/lib/jobs/cancel-job";

const id = process.argv[2];
if (!id) {
  console.error("usage: npm run jobs:cancel -- <job-id>");
  process.exit(2);
}
const outcome = await cancelJob(await services().db(), id, services().wallets.refund() !== null);
if (!outcome.ok) {
  console.error(`not cancelled: ${outcome.reason}`);
  process.exit(1);
}
console.log(
  `cancelled job ${id} (was ${outcome.from})${outcome.refunded ? "; refund opened — the running service sends it" : "; nothing was charged, no refund needed"}`,
);
process.exit(0);
