import { problem } from "@/lib/http/api/problem";

/**
 * Every path the app answers, with the methods its route or page exports. The proxy runs
 * before routing and cannot see the app's files, so this table names them; a unit test
 * (tests/unit/route-table.test.ts) compares it with app/ so the two cannot drift apart.
 */
const TABLE = `
  GET         /  /studio  /icon.svg  /favicon.ico  /healthz  /readyz  /status  /llms.txt  /openapi.json
  GET         /.well-known/did.json  /.well-known/x402  /jobs  /jobs/:id/events
  POST        /uploads  /generate/:model/:product  /mcp  /api/upstream/:provider/:attempt/:token
  GET,DELETE  /jobs/:id
  GET,HEAD    /videos/:key
  GET,POST,PUT  /api/inngest
`;

export const ROUTES: readonly { pattern: string; methods: readonly string[] }[] = TABLE.trim()
  .split("\n")
  .flatMap((line) => {
    const [methods = "", ...patterns] = line.trim().split(/\s+/);
    return patterns.map((pattern) => ({ pattern, methods: methods.split(",") }));
  });

/** What a request may use on a path: the route's methods, HEAD with GET (Next.js adds it), and OPTIONS (the proxy's CORS answer). */
export function allowedMethods(pathname: string): string[] | null {
  const segments = pathname.split("/").slice(1);
  const route = ROUTES.find(({ pattern }) => {
    const parts = pattern.split("/").slice(1);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
    );
  });
  if (!route) return null;
  const methods = new Set(route.methods);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods];
}

/**
 * The answer for a request no route will take: 405 with `Allow` for a known path and a method it
 * does not have; 404 problem+json for an unknown path when the client does not ask for HTML
 * (a browser gets the app's HTML 404 page instead). Null when routing should go on.
 */
export function unroutedResponse(method: string, pathname: string, accept: string | null) {
  const allowed = allowedMethods(pathname);
  if (allowed) {
    if (allowed.includes(method)) return null;
    return problem("method_not_allowed", `${pathname} does not answer ${method}.`, {
      instance: pathname,
      headers: { allow: allowed.join(", ") },
    });
  }
  if (accept?.includes("text/html")) return null;
  return problem("not_found", `Nothing is served at ${pathname}. See /openapi.json.`, {
    instance: pathname,
    headers: { vary: "Accept" },
  });
}
