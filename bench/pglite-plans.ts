import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { jobs } from "@/lib/jobs/schema";
import { keepStatements } from "@/lib/platform/db/pglite-kept-statements.mjs";
import { MIGRATIONS } from "@/lib/platform/db/migrations";
import { jobViewFacts } from "@/lib/notify/job-events/job-view";
import { fillSql, seededId } from "./http";

/**
 * npm run bench -- pglite-plans [--runs n]
 *
 * What a statement costs the embedded database's thread when it is planned on every run
 * (PGlite's own query(), as the service ran before) and when it runs on a kept plan
 * (lib/platform/db/pglite-kept-statements.mjs, as the service runs now): the job view's read
 * (the poll) and a read by primary key, each `--runs` times over 1k seeded jobs, on one PGlite
 * in this thread, the faster of two alternating rounds. Prints ms per statement. Asserts nothing.
 */
export async function benchPglitePlans(runs: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-bench-plans-"));
  const pg = await PGlite.create(dir);
  try {
    const db = drizzle({ client: pg });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    await db.execute(sql.raw(fillSql(1, 1_000)));
    await db.execute(sql`analyze jobs`);
    const kept = keepStatements(pg, () => ({}));
    const dialect = new PgDialect();
    const statements: [string, (id: string) => SQL][] = [
      [
        "the job view's read (GET /jobs/{id})",
        (id) =>
          db
            .select({ job: jobs, facts: jobViewFacts(2) })
            .from(jobs)
            .where(eq(jobs.id, id))
            .limit(1)
            .getSQL(),
      ],
      ["a job by primary key", (id) => sql`select * from jobs where id = ${id}`],
    ];
    console.log(
      `\nPGlite statements, ${runs} runs each over 1k jobs (ms per statement, this thread)`,
    );
    for (const [name, build] of statements) {
      const queries = Array.from({ length: runs }, (_, i) =>
        dialect.sqlToQuery(build(seededId(1 + (i % 1_000)))),
      );
      const time = async (one: (q: (typeof queries)[number]) => Promise<unknown>) => {
        for (const q of queries.slice(0, 50)) await one(q);
        const start = performance.now();
        for (const q of queries) await one(q);
        return (performance.now() - start) / runs;
      };
      // Each way twice, alternating, so neither gains from running second.
      const planned: number[] = [];
      const onPlan: number[] = [];
      for (let round = 0; round < 2; round++) {
        planned.push(await time((q) => pg.query(q.sql, q.params)));
        onPlan.push(
          await time((q) =>
            kept.run(pg, { sql: q.sql, params: q.params, identityOids: [] }, false),
          ),
        );
      }
      const [p, k] = [Math.min(...planned), Math.min(...onPlan)];
      console.log(
        `  ${name.padEnd(38)} planned each run ${p.toFixed(3)}  kept plan ${k.toFixed(3)}  (${(p / k).toFixed(2)}×)`,
      );
    }
  } finally {
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
