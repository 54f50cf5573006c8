import { benchDeliveryMemory } from "./delivery-memory";
import { benchQueuePickup } from "./queue-pickup";
import { benchScreeningScripts } from "./screening-scripts";
import { benchStatusScaling } from "./status-scaling";

/** npm run bench [-- name…]: prints figures; a benchmark never fails the suite. */
const all: Record<string, () => Promise<void>> = {
  "queue-pickup": () => benchQueuePickup(),
  "delivery-memory": () => benchDeliveryMemory(),
  "status-scaling": benchStatusScaling,
  "screening-scripts": async () => benchScreeningScripts(),
};
const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(all)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}
process.exit(0);
