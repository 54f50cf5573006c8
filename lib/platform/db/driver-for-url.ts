export type DbDriver = "pglite" | "neon" | "postgres";

/** No URL: the embedded PGlite. A Neon host: Neon's serverless driver (pooled, over WebSocket). Else postgres.js. */
export function driverForUrl(databaseUrl: string | undefined): DbDriver {
  if (!databaseUrl) return "pglite";
  let host: string;
  try {
    host = new URL(databaseUrl).hostname.toLowerCase();
  } catch {
    return "postgres";
  }
  return host === "neon.tech" || host.endsWith(".neon.tech") ? "neon" : "postgres";
}
