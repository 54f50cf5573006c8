import type { Env } from "@/lib/platform";
import { browserRpcUrl } from "@/lib/http/storefront/browser-rpc";

/** What the studio's browser code talks to besides its own origin. */
export type CspSources = {
  /** The JSON-RPC endpoint wagmi reads balances through. */
  rpcUrl: string;
  /** Present only when WalletConnect is configured; the operator's relay URL if any. */
  walletConnect: { relayUrl?: string } | null;
  /** Where signed video links point besides this origin (S3 endpoint, Blob store). */
  mediaSources: string[];
  /** Where signed poster-frame links point besides this origin (the same store as the videos). */
  imageSources?: string[];
  dev: boolean;
};

/**
 * WalletConnect's dapp side: the relay socket (unless the operator runs their own), its RPC
 * proxy, telemetry, and the Verify attestation frame. The pairing QR is drawn locally, so no
 * modal assets (fonts, wallet lists) are needed.
 */
const WALLETCONNECT_CONNECT = [
  "https://*.walletconnect.org",
  "https://*.walletconnect.com",
  "wss://*.walletconnect.org",
  "wss://*.walletconnect.com",
];
const WALLETCONNECT_FRAMES = [
  "https://verify.walletconnect.org",
  "https://verify.walletconnect.com",
];

/**
 * The policy of every response. Scripts run only with this response's nonce (Next.js reads it
 * from the request's CSP header and stamps its own tags) or when loaded by such a script
 * ('strict-dynamic'), so an injected <script> never runs on a page that asks for a signature.
 * Styles allow inline attributes: they cannot run code, and React and wallet libraries set them.
 * Videos may come from any https origin: signed links point at the configured bucket, and media
 * cannot execute. No one may frame the page (clickjacking a signature prompt).
 */
export function contentSecurityPolicy(nonce: string, s: CspSources): string {
  const connect = ["'self'", origin(s.rpcUrl)];
  const frames: string[] = [];
  if (s.walletConnect) {
    if (s.walletConnect.relayUrl) connect.push(origin(s.walletConnect.relayUrl));
    connect.push(...WALLETCONNECT_CONNECT);
    frames.push(...WALLETCONNECT_FRAMES);
  }
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(s.dev ? ["'unsafe-eval'"] : [])],
    ],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(s.imageSources ?? [])]],
    ["font-src", ["'self'"]],
    ["media-src", ["'self'", "https:", ...s.mediaSources]],
    ["connect-src", unique(connect)],
    ["frame-src", frames.length ? frames : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

export function cspSourcesFromEnv(env: Env): CspSources {
  const s3 = env.storage.driver === "s3" ? env.storage.s3.endpoint : undefined;
  return {
    rpcUrl: browserRpcUrl({
      chainId: env.chainId,
      rpcUrl: env.devnet ? (env.rpcUrl ?? null) : null,
    }),
    walletConnect: env.walletConnect ? { relayUrl: env.walletConnect.relayUrl } : null,
    // A plain-http endpoint (a MinIO in a lab) is not covered by https:.
    mediaSources: s3?.startsWith("http:") ? [origin(s3)] : [],
    imageSources: posterOrigins(env),
    dev: env.nodeEnv === "development",
  };
}

/** The origins of a remote store's signed links, which serve the poster frames (lib/media/storage/poster.ts). */
function posterOrigins(env: Env): string[] {
  if (env.storage.driver === "blob") return ["https://*.blob.vercel-storage.com"];
  if (env.storage.driver !== "s3") return [];
  return [env.storage.s3.endpoint ? origin(env.storage.s3.endpoint) : "https://*.amazonaws.com"];
}

/** A CSP-3 host source: ws(s) and http(s) origins, never a path. */
function origin(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

const unique = (values: string[]) => [...new Set(values)];

/** 128 random bits, base64: unguessable per response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
