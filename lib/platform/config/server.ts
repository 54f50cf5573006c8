import { z } from "zod";
import { type AreaContext, bool, int, type Vars } from "@/lib/platform/config/fields";

/** An http(s) origin as PUBLIC_BASE_URL must be: links and signed proofs are built as origin + path. */
function isPlainOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    !url.username &&
    !url.password &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !value.includes("?") &&
    !value.includes("#")
  );
}

/**
 * The service's public origin: PUBLIC_BASE_URL when set (required outside the devnet), else the
 * address scripts/serve.ts listens on. A wildcard bind (0.0.0.0, ::) is no address a client can
 * sign for; 127.0.0.1 is, and reaches both (Node listens dual-stack on ::), where "localhost" may
 * resolve to ::1 first and miss an IPv4-only listener. Serving other machines means setting
 * PUBLIC_BASE_URL to the name they type, since wallet proofs are bound to it. Never the Host header.
 */
export function publicOriginOf(publicBaseUrl: string | undefined, host: string, port: number) {
  if (publicBaseUrl) return new URL(publicBaseUrl).origin;
  const bare = host.replace(/^\[|\]$/g, "");
  if (!/^[A-Za-z0-9._:-]*$/.test(bare)) throw new Error(`not a host name or address: ${host}`);
  const wildcard = bare === "0.0.0.0" || bare === "::" || bare === "";
  const name = wildcard ? "127.0.0.1" : bare.includes(":") ? `[${bare}]` : bare;
  return new URL(`http://${name}:${port}`).origin;
}

/** How the web server listens and how clients reach it: bind address, public origin, proxies, wallets. */
export const serverVariables = {
  NODE_ENV: z.string().optional(),
  PORT: int(3000, 1),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine(
      isPlainOrigin,
      "must be an http(s) origin: scheme://host[:port], no path, query or user",
    )
    .optional(),
  TRUST_PROXY: bool,
  VERCEL: z.string().optional(),
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be a 32-character hex WalletConnect (Reown) project id")
    .optional(),
  WALLETCONNECT_RELAY_URL: z.string().url().optional(),
};

export function serverConfig(
  e: Vars<typeof serverVariables>,
  { devnet, network, problems }: AreaContext,
) {
  if (!devnet && !e.PUBLIC_BASE_URL) problems.push(`PUBLIC_BASE_URL is required on ${network}`);
  let publicOrigin = "";
  try {
    publicOrigin = publicOriginOf(e.PUBLIC_BASE_URL, e.HOST, e.PORT);
  } catch {
    problems.push("HOST must be a host name or IP address (or set PUBLIC_BASE_URL)");
  }
  return {
    nodeEnv: e.NODE_ENV ?? "development",
    publicBaseUrl: e.PUBLIC_BASE_URL,
    /** Where clients reach us: the one origin links, did:web and wallet proofs name (publicOriginOf). */
    publicOrigin,
    // Public values: the studio hands them to the browser.
    walletConnect: e.WALLETCONNECT_PROJECT_ID
      ? { projectId: e.WALLETCONNECT_PROJECT_ID, relayUrl: e.WALLETCONNECT_RELAY_URL }
      : null,
    // Vercel overwrites X-Forwarded-For with the real client address, and no launcher of ours sets the peer header there.
    trustProxy: e.TRUST_PROXY || e.VERCEL === "1",
    port: e.PORT,
    host: e.HOST,
  };
}
