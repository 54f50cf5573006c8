/**
 * The statements that create the service's runtime role, run once as the schema owner (the role
 * MIGRATION_DATABASE_URL connects as). The runtime role reads and writes every table except the
 * audit log, which it may only append to and read; it owns nothing, so it cannot ALTER a table or
 * DISABLE a trigger, and as a plain role it cannot SET session_replication_role. The default
 * privileges extend the same grants to tables later migrations create.
 */
export function runtimeRoleSql(role: string, password: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`not a plain role name: ${role}`);
  const quoted = `'${password.replaceAll("'", "''")}'`;
  return `CREATE ROLE ${role} LOGIN PASSWORD ${quoted} NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
GRANT USAGE ON SCHEMA public, drizzle TO ${role};
GRANT SELECT ON drizzle.__drizzle_migrations TO ${role};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${role};
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE ON SEQUENCES TO ${role};`;
}
