import { parseArgs } from "node:util";
import { runSoak } from "../soak/run-soak";

/**
 * npm run soak [-- --jobs 150 --wallets 20 --kills 12]: three instances behind HAProxy on one
 * Postgres and one Redis, paid load from many wallets while instances are SIGKILLed and restarted,
 * then the money, generation, concurrency and audit checks. Exit 1 if any check fails.
 */
const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "150" },
    wallets: { type: "string", default: "20" },
    kills: { type: "string", default: "12" },
    instances: { type: "string", default: "3" },
    "failure-rate": { type: "string", default: "0.2" },
    redis: { type: "string", default: "redis://127.0.0.1:6379" },
  },
});
const n = (v: string | undefined) => Number.parseInt(v ?? "", 10);
const report = await runSoak({
  jobs: n(values.jobs),
  wallets: n(values.wallets),
  kills: n(values.kills),
  instances: n(values.instances),
  failureRate: Number(values["failure-rate"]),
  settleTimeoutMs: 300_000,
  redisUrl: values.redis as string,
});
for (const [k, v] of Object.entries(report.figures)) console.log(`${k.padEnd(40)} ${v}`);
for (const c of report.checks) console.log(`${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
process.exit(report.ok ? 0 : 1);
