import { benchAuditLanes } from "./audit-lanes";
import { benchChainGrowth } from "./chain-growth";
import { benchDeliveryMemory } from "./delivery-memory";
import { benchFreeEndpointStall } from "./free-endpoint-stall";
import { benchHttp } from "./http";
import { benchIdleCpu } from "./idle-cpu";
import { benchOutputScreening } from "./output-screening";
import { benchPaid } from "./paid";
import { benchPaidCpu } from "./paid-cpu";
import { benchPaidLegs } from "./paid-legs";
import { benchPaidPathTrace } from "./paid-path-trace";
import { benchPaidStatements } from "./paid-statements";
import { benchPglitePlans } from "./pglite-plans";
import { benchQueuePickup } from "./queue-pickup";
import { benchRedTeam } from "./red-team";
import { benchScreeningScripts } from "./screening-scripts";
import { benchSseFanout } from "./sse-fanout";
import { benchStatusScaling } from "./status-scaling";

/** npm run bench [-- name… [--option value…]]: prints figures; a benchmark never fails the suite. */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? null) : null;
};
const all: Record<string, () => Promise<void>> = {
  "queue-pickup": () => benchQueuePickup(),
  "delivery-memory": () => benchDeliveryMemory(),
  "status-scaling": benchStatusScaling,
  "audit-lanes": () => benchAuditLanes(),
  "screening-scripts": async () => benchScreeningScripts(),
  "output-screening": () => benchOutputScreening(Number(option("--runs") ?? 5)),
  "pglite-plans": () => benchPglitePlans(Number(option("--runs") ?? 2_000)),
  // Starts servers and loads them for minutes: only when asked for by name.
  stall: () => benchFreeEndpointStall(Number(option("--streams") ?? 500)),
  sse: () => benchSseFanout(Number(option("--streams") ?? 1_000), Number(option("--jobs") ?? 10)),
  "red-team": () => benchRedTeam({ compare: option("--compare") }),
  "paid-path": () => benchPaidPathTrace({ compare: option("--compare") }),
  "paid-statements": () =>
    benchPaidStatements({ log: option("--log"), list: args.includes("--list") }),
  paid: () =>
    benchPaid({
      seconds: Number(option("--seconds") ?? 5),
      only: (option("--only") as "pglite" | "postgres" | null) ?? null,
    }),
  "paid-cpu": () =>
    benchPaidCpu({
      compare: option("--compare"),
      payers: Number(option("--payers") ?? 8),
      seconds: Number(option("--seconds") ?? 8),
      rounds: Number(option("--rounds") ?? 3),
      only: (option("--only") as "pglite" | "postgres" | null) ?? null,
      threads: args.includes("--threads"),
    }),
  "chain-growth": () =>
    benchChainGrowth({
      rounds: Number(option("--rounds") ?? 8),
      perRound: Number(option("--per-round") ?? 400),
      payers: Number(option("--payers") ?? 8),
    }),
  "paid-legs": () =>
    benchPaidLegs({
      compare: option("--compare"),
      samples: Number(option("--samples") ?? 40),
      rounds: Number(option("--rounds") ?? 2),
      only: (option("--only") as "pglite" | "postgres" | null) ?? null,
    }),
  "idle-cpu": () =>
    benchIdleCpu({ compare: option("--compare"), seconds: Number(option("--seconds") ?? 60) }),
  http: () =>
    benchHttp({
      compare: option("--compare"),
      seconds: Number(option("--seconds") ?? 5),
      pglite1m: args.includes("--pglite-1m"),
    }),
};
const wanted = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
for (const [name, run] of Object.entries(all)) {
  if (
    wanted.length
      ? !wanted.includes(name)
      : [
          "http",
          "sse",
          "red-team",
          "stall",
          "paid-path",
          "paid",
          "paid-statements",
          "paid-cpu",
          "paid-legs",
          "chain-growth",
          "idle-cpu",
        ].includes(name)
  )
    continue;
  await run();
}
process.exit(0);
