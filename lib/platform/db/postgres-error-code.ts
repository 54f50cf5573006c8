/** The SQLSTATE of a Postgres error, found down the cause chain (drivers and Drizzle wrap it). */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
