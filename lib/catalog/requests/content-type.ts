/**
 * Generation bodies are JSON and must say so. A browser sends text/plain, form and multipart
 * bodies across sites without asking first (no CORS preflight); requiring application/json means
 * another site's page cannot post on its visitors' behalf unannounced.
 */
export function isJsonContentType(header: string | null): boolean {
  const media = header?.split(";")[0]?.trim().toLowerCase();
  if (media !== "application/json") return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(header ?? "")?.[1]?.toLowerCase();
  return charset === undefined || charset === "utf-8" || charset === "utf8";
}
