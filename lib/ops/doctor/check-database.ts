import postgres from "postgres";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/ops/doctor/check-result";
import { type Env, migrationJournal, pendingMigrations } from "@/lib/platform";

/** Reachable and fully migrated, read without applying anything (the service migrates on start, vercel-build on deploy). */
export async function checkDatabase(env: Env): Promise<CheckResult> {
  if (!env.databaseUrl)
    return skip(
      "database",
      `embedded PGlite in ${env.dataDir}/pglite: migrated by the service itself on start`,
    );
  const sql = postgres(env.databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const pending = await pendingMigrations(async (text) => [...(await sql.unsafe(text))]);
    if (pending.length) {
      return fail(
        "database",
        `reachable, ${pending.length} migrations pending (${pending.join(", ")}): run npm run db:migrate`,
      );
    }
    return ok("database", `reachable, all ${migrationJournal().length} migrations applied`);
  } catch (error) {
    return fail("database", `unreachable: ${reason(error)}`);
  } finally {
    await sql.end({ timeout: 2 });
  }
}
