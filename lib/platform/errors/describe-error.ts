/**
 * What a log line may say about an error: its class and code down the cause chain, and where it
 * was thrown. Never its message: a query error's message carries the SQL and its parameters (a
 * signed payment payload, a prompt), and a JSON.parse error quotes its input.
 */
export function describeError(error: unknown): string {
  const chain: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    chain.push(e instanceof Error ? `${nameOf(e)}${detailOf(e)}` : typeof e);
    e = e instanceof Error ? e.cause : undefined;
  }
  const frames =
    error instanceof Error
      ? (error.stack ?? "")
          .split("\n")
          .filter((l) => /^\s+at /.test(l))
          .slice(0, 6)
      : [];
  return [chain.join(" <- "), ...frames].join("\n");
}

// Some libraries' errors (drizzle's DrizzleQueryError) leave `name` as "Error"; the class says more.
function nameOf(e: Error): string {
  return e.name === "Error" && e.constructor.name ? e.constructor.name : e.name;
}

/** Postgres reports which constraint or column failed by name; names are safe to log, values are not. */
function detailOf(e: Error): string {
  const fields = e as Error & {
    code?: unknown;
    constraint_name?: unknown;
    table_name?: unknown;
    column_name?: unknown;
  };
  const named = [fields.code, fields.table_name, fields.column_name, fields.constraint_name].filter(
    (v): v is string | number =>
      (typeof v === "string" && /^[\w.-]{1,64}$/.test(v)) || typeof v === "number",
  );
  return named.length ? ` (${named.join(" ")})` : "";
}
