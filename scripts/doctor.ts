import { runDoctor } from "@/lib/ops/doctor/run-doctor";

// The environment as the service would see it; nothing here pays, generates or migrates.
const results = await runDoctor();
for (const r of results) console.log(`${r.status.padEnd(4)}  ${r.name.padEnd(20)}  ${r.detail}`);
const failed = results.filter((r) => r.status === "fail").length;
console.log(failed ? `${failed} check(s) failed` : "all checks passed");
process.exit(failed ? 1 : 0);
