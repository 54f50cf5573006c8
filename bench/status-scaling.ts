import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { openDb } from "@/lib/platform/db/client";
import { serviceStatus } from "@/lib/http/storefront/service-status";
import { createTestDatabase } from "../tests/helpers/database";

/** /status cost at 1k and at 1M jobs, on the machine's Postgres. Prints figures; asserts nothing. */
export async function benchStatusScaling(): Promise<void> {
  const target = await createTestDatabase();
  const { db, close } = await openDb(target.url, ".data");
  const sql = postgres(target.url, { max: 1, onnotice: () => {} });
  const fill = async (n: number) => {
    await sql`insert into jobs (id, sku, status, spec, payer, amount_atomic, network, started_at, finished_at, created_at)
      select gen_random_uuid(), 'alpha-custom',
             (array['succeeded','succeeded','succeeded','failed','queued','cancelled'])[1 + (i % 6)],
             '{}'::jsonb, '0xpayer' || (i % 500), 960000, 'eip155:31337',
             now() - interval '1 hour' - (i || ' seconds')::interval, now() - (i || ' seconds')::interval, now()
      from generate_series(1, ${n}) as s(i)`;
  };
  const time = async (runs: number) => {
    await serviceStatus(db);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await serviceStatus(db);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    return { p50: samples[Math.floor(runs / 2)] ?? 0, p95: samples[Math.floor(runs * 0.95)] ?? 0 };
  };
  try {
    await fill(1_000);
    await sql`analyze jobs`;
    const small = await time(200);
    const t = performance.now();
    await fill(999_000);
    const fillSeconds = (performance.now() - t) / 1000;
    await sql`analyze jobs`;
    const large = await time(200);
    console.log("status-scaling (Postgres 127.0.0.1:5432, 200 runs each)");
    console.log(`  1k jobs:  p50 ${small.p50.toFixed(2)} ms  p95 ${small.p95.toFixed(2)} ms`);
    console.log(
      `  1M jobs:  p50 ${large.p50.toFixed(2)} ms  p95 ${large.p95.toFixed(2)} ms  (999k rows inserted in ${fillSeconds.toFixed(1)} s, counters kept by trigger)`,
    );
  } finally {
    await sql.end();
    await close();
    await target.drop();
  }
}
