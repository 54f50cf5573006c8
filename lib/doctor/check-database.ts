import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/doctor/check-result";
import type { Env } from "@/lib/env";

type Journal = { entries: { tag: string; when: number }[] };

/** Reachable and fully migrated, read without applying anything (the service migrates on start, vercel-build on deploy). */
export async function checkDatabase(env: Env): Promise<CheckResult> {
  if (!env.databaseUrl) return skip("database", `embedded PGlite in ${env.dataDir}/pglite: migrated by the service itself on start`);
  const journal = JSON.parse(readFileSync(path.join(process.cwd(), "drizzle", "meta", "_journal.json"), "utf8")) as Journal;
  const sql = postgres(env.databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const [table] = await sql<{ exists: boolean }[]>`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`;
    const applied = table?.exists ? await sql<{ created_at: string }[]>`select created_at from drizzle.__drizzle_migrations` : [];
    const last = Math.max(0, ...applied.map((r) => Number(r.created_at)));
    const pending = journal.entries.filter((e) => e.when > last);
    if (pending.length) {
      return fail("database", `reachable, ${pending.length} migrations pending (${pending.map((e) => e.tag).join(", ")}): run npm run db:migrate`);
    }
    return ok("database", `reachable, all ${journal.entries.length} migrations applied`);
  } catch (error) {
    return fail("database", `unreachable: ${reason(error)}`);
  } finally {
    await sql.end({ timeout: 2 });
  }
}
