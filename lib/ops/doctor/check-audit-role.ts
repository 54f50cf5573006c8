import postgres from "postgres";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/ops/doctor/check-result";
import type { Env } from "@/lib/platform";

const NAME = "audit role";
const GRANTS = ["UPDATE", "DELETE", "TRUNCATE", "TRIGGER", "REFERENCES"] as const;

type Facts = {
  role: string;
  superuser: boolean;
  bypassrls: boolean;
  owner: boolean;
  insert: boolean;
  select: boolean;
  triggers: number;
} & Record<(typeof GRANTS)[number], boolean>;

/**
 * The service's own role (DATABASE_URL) must not be able to rewrite the audit log: no UPDATE,
 * DELETE, TRUNCATE, TRIGGER or REFERENCES on audit_events, not its owner (ALTER, DISABLE TRIGGER),
 * not a superuser, no BYPASSRLS, and not allowed to SET session_replication_role (which silences triggers).
 */
export async function checkAuditRole(env: Env): Promise<CheckResult> {
  if (!env.databaseUrl)
    return skip(
      NAME,
      "embedded PGlite has one user: roles do not apply; the keyed chain and the store checkpoint still detect tampering",
    );
  const sql = postgres(env.databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const [facts] = await sql<Facts[]>`
      select r.rolname as role, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
             pg_has_role(current_user, c.relowner, 'MEMBER') as owner,
             has_table_privilege(c.oid, 'INSERT') as insert, has_table_privilege(c.oid, 'SELECT') as select,
             has_table_privilege(c.oid, 'UPDATE') as "UPDATE", has_table_privilege(c.oid, 'DELETE') as "DELETE",
             has_table_privilege(c.oid, 'TRUNCATE') as "TRUNCATE", has_table_privilege(c.oid, 'TRIGGER') as "TRIGGER",
             has_table_privilege(c.oid, 'REFERENCES') as "REFERENCES",
             (select count(*)::int from pg_trigger t where t.tgrelid = c.oid and t.tgenabled <> 'D'
                and t.tgname in ('audit_events_no_update_delete', 'audit_events_no_truncate')) as triggers
        from pg_roles r, pg_class c
       where r.rolname = current_user and c.oid = to_regclass('public.audit_events')`;
    if (!facts) return fail(NAME, "no audit_events table: run npm run db:migrate");
    const replica = await sql
      .begin(async (tx) => {
        await tx.unsafe("set local session_replication_role = replica");
        return true;
      })
      .catch(() => false);
    const wrong = [
      ...(facts.superuser ? ["is a superuser"] : []),
      ...(facts.owner ? ["owns audit_events (ALTER, DISABLE TRIGGER)"] : []),
      ...(facts.bypassrls ? ["has BYPASSRLS"] : []),
      ...(replica ? ["may SET session_replication_role (silences triggers)"] : []),
      ...GRANTS.filter((g) => facts[g]).map((g) => `may ${g}`),
      ...(facts.insert && facts.select
        ? []
        : ["lacks INSERT or SELECT (the service appends and reads)"]),
      ...(facts.triggers === 2 ? [] : ["finds the append-only triggers missing or disabled"]),
    ];
    if (wrong.length) {
      return fail(
        NAME,
        `DATABASE_URL's role "${facts.role}" ${wrong.join(", ")} on audit_events: run the service as a role that may only INSERT and SELECT it (docs/operators.md, "The audit log")`,
      );
    }
    return ok(
      NAME,
      `DATABASE_URL's role "${facts.role}" may only INSERT and SELECT audit_events; append-only triggers enabled`,
    );
  } catch (error) {
    return fail(NAME, `could not inspect the runtime role: ${reason(error)}`);
  } finally {
    await sql.end({ timeout: 2 });
  }
}
