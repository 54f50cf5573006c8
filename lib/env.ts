import { z } from "zod";

/**
 * The only reader of process.env. Everything else asks getEnv().
 * Devnet defaults make a bare checkout run; a production network demands a complete config.
 */

export const DEVNET_NETWORK = "eip155:31337";
export const DEVNET_MNEMONIC = "test test test test test test test test test test test junk";
/** Hardhat/anvil account #0: deploys the token, runs the facilitator, receives payments. */
export const DEVNET_ACCOUNT0_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export const DEVNET_ACCOUNT0_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
/** Where account #0's first deployment lands on a fresh chain. */
export const DEVNET_USDC_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** Known USDC deployments: a production network must use its real asset. */
export const KNOWN_USDC: Record<string, { address: string; name: string; version: string }> = {
  "eip155:8453": {
    address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    name: "USD Coin",
    version: "2",
  },
  "eip155:84532": {
    address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    name: "USDC",
    version: "2",
  },
};

/** A comma-separated list, trimmed, empty entries dropped. */
function commaList(def: string) {
  return z
    .string()
    .default(def)
    .transform((v) =>
      v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    );
}

/** Mainnets' chain ids: the devnet's in-process facilitator never signs on these. */
const MAINNET_CHAIN_IDS = new Set([1, 10, 137, 143, 480, 8453, 42161]);

export type NetworkConfig = {
  network: `${string}:${string}`;
  chainId: number;
  rpcUrl: string | undefined;
  asset: { address: `0x${string}`; name: string; version: string; decimals: number };
  payTo: `0x${string}`;
};

/**
 * EXTRA_NETWORKS: comma-separated `eip155:<chainId>=<rpcUrl>@<usdcAddress>` entries, each a further
 * network the service accepts USDC on (same price, same payTo). Parsed, not yet checked against the main one.
 */
const extraNetworks = commaList("").pipe(
  z.array(
    z
      .string()
      .regex(
        /^eip155:[1-9][0-9]*=\S+@0x[0-9a-fA-F]{40}$/,
        "each entry must be eip155:<chainId>=<rpcUrl>@<usdcAddress>",
      )
      .transform((entry) => {
        const [network, rest] = entry.split("=", 2) as [string, string];
        const at = rest.lastIndexOf("@");
        return { network, rpcUrl: rest.slice(0, at), asset: rest.slice(at + 1) };
      })
      .refine((e) => URL.canParse(e.rpcUrl), "the RPC URL must be a URL"),
  ),
);

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex key");

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

const raw = z.object({
  NODE_ENV: z.string().optional(),
  X402_NETWORK: z.enum(["eip155:31337", "eip155:8453", "eip155:84532"]).default(DEVNET_NETWORK),
  RPC_URL: z.string().url().optional(),
  DEVNET_RPC_PORT: int(8545, 1),
  USDC_ADDRESS: address.optional(),
  PAY_TO: address.optional(),
  FACILITATOR_URL: z.string().url().optional(),
  FACILITATOR_PRIVATE_KEY: privateKey.optional(),
  FACILITATOR_TIMEOUT_MS: int(30_000, 1),
  CDP_API_KEY_ID: z.string().min(1).optional(),
  CDP_API_KEY_SECRET: z.string().min(1).optional(),
  PAYMENT_VALIDITY_SECONDS: int(300, 30),
  DATABASE_URL: z.string().min(1).optional(),
  MIGRATION_DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine(
      isPlainOrigin,
      "must be an http(s) origin: scheme://host[:port], no path, query or user",
    )
    .optional(),
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be a 32-character hex WalletConnect (Reown) project id")
    .optional(),
  WALLETCONNECT_RELAY_URL: z.string().url().optional(),
  TRUST_PROXY: bool,
  VERCEL: z.string().optional(),
  LIMIT_POSTS_PER_MINUTE_PER_IP: int(20, 1),
  LIMIT_ACTIVE_JOBS_PER_WALLET: int(5, 1),
  LIMIT_QUEUE_CAPACITY: int(50, 1),
  LIMIT_UPLOADS_PER_MINUTE_PER_IP: int(20, 1),
  LIMIT_EVENT_STREAMS_PER_CLIENT: int(10, 1),
  LIMIT_EVENT_STREAMS_TOTAL: int(500, 1),
  LIMIT_FREE_READS_PER_MINUTE_PER_IP: int(300, 1),
  IMAGE_FETCH_TIMEOUT_MS: int(10_000, 1),
  IMAGE_FETCH_ALLOW_HOSTS: z.string().default(""),
  IMAGE_SCREEN_WORKERS: int(1, 1),
  IMAGE_SCREEN_QUEUE: int(16, 1),
  WEBHOOK_ALLOW_PRIVATE: bool,
  WEBHOOK_RETRY_BASE_MS: int(10_000, 1),
  JOB_ENGINE: z.enum(["embedded", "inngest"]).default("embedded"),
  VIDEO_URL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  AUDIT_CHAIN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  IP_HASH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  RECEIPT_SIGNING_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PORT: int(3000, 1),
  HOST: z.string().min(1).default("127.0.0.1"),
  DEVNET_AUTOSTART: z.enum(["true", "false"]).default("true"),
  PROVIDERS: commaList("local").pipe(z.array(z.enum(["local", "ark", "fal"])).min(1)),
  LOCAL_RENDER_MIN_LATENCY_MS: int(0),
  LOCAL_RENDER_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  ARK_BASE_URL: z.string().url().default("https://ark.ap-southeast.bytepluses.com"),
  ARK_API_KEY: z.string().min(1).optional(),
  ARK_MODEL_ALPHA: z.string().min(1).default("dreamina-seedance-2-0-260128"),
  ARK_MODEL_ALPHA_FAST: z.string().min(1).default("dreamina-seedance-2-0-fast-260128"),
  FAL_QUEUE_URL: z.string().url().default("https://queue.fal.run"),
  FAL_KEY: z.string().min(1).optional(),
  FAL_ENDPOINT_ALPHA: z.string().min(1).default("bytedance/seedance-2.0/text-to-video"),
  FAL_ENDPOINT_ALPHA_FAST: z.string().min(1).default("bytedance/seedance-2.0/fast/text-to-video"),
  UPSTREAM_REQUEST_TIMEOUT_MS: int(30_000, 1),
  ATTEMPT_DEADLINE_SECONDS: int(900, 1),
  POLL_INTERVAL_MS: int(2_000, 10),
  VIDEO_TTL_HOURS: int(24, 1),
  STORAGE_DRIVER: z.enum(["local", "s3", "blob"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  BLOB_READ_WRITE_TOKEN: z.string().min(1).optional(),
  BLOB_ACCESS: z.enum(["private", "public"]).default("private"),
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().optional(),
  ABUSE_BLOCK_REJECTIONS: int(5, 1),
  ABUSE_BLOCK_WINDOW_SECONDS: int(600, 1),
  ABUSE_BLOCK_SECONDS: int(900, 1),
  REDIS_URL: z.string().url().optional(),
  MODERATION_API_URL: z.string().url().optional(),
  MODERATION_API_KEY: z.string().min(1).optional(),
  MODERATION_TIMEOUT_MS: int(3_000, 1),
  REFUND_PRIVATE_KEY: privateKey.optional(),
  DEVNET_FAULTS: z.string().default(""),
  EXTRA_NETWORKS: extraNetworks,
});

/** Every variable the service reads; docs/operators.md and .env.example document each one. */
export const ENV_VARIABLES = Object.keys(raw.shape);

export type Env = ReturnType<typeof parseEnv>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseEnv(source: Record<string, string | undefined>) {
  const parsed = raw.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const devnet = e.X402_NETWORK === DEVNET_NETWORK;
  const problems: string[] = [];
  const known = KNOWN_USDC[e.X402_NETWORK];

  if (!devnet) {
    if (!e.USDC_ADDRESS) problems.push(`USDC_ADDRESS is required on ${e.X402_NETWORK}`);
    else if (known && e.USDC_ADDRESS.toLowerCase() !== known.address.toLowerCase())
      problems.push(
        `USDC_ADDRESS ${e.USDC_ADDRESS} is not USDC on ${e.X402_NETWORK} (${known.address})`,
      );
    if (!e.PAY_TO) problems.push(`PAY_TO is required on ${e.X402_NETWORK}`);
    if (!e.FACILITATOR_URL) problems.push(`FACILITATOR_URL is required on ${e.X402_NETWORK}`);
    if (e.FACILITATOR_PRIVATE_KEY)
      problems.push("FACILITATOR_PRIVATE_KEY is only for the devnet's local facilitator");
    if (e.X402_NETWORK === "eip155:8453" && !(e.CDP_API_KEY_ID && e.CDP_API_KEY_SECRET))
      problems.push(
        "CDP_API_KEY_ID and CDP_API_KEY_SECRET are required for the Base mainnet facilitator",
      );
    if (!e.PUBLIC_BASE_URL) problems.push(`PUBLIC_BASE_URL is required on ${e.X402_NETWORK}`);
    if (!e.VIDEO_URL_SECRET) problems.push(`VIDEO_URL_SECRET is required on ${e.X402_NETWORK}`);
    if (!e.AUDIT_CHAIN_SECRET)
      problems.push(
        `AUDIT_CHAIN_SECRET is required on ${e.X402_NETWORK} (it keys the audit log's hash chain)`,
      );
    if (!e.RECEIPT_SIGNING_SECRET)
      problems.push(
        `RECEIPT_SIGNING_SECRET is required on ${e.X402_NETWORK} (it derives the key that signs offers and receipts)`,
      );
    if (!e.RPC_URL)
      problems.push(
        `RPC_URL is required on ${e.X402_NETWORK} (settlement reconciliation and refunds read the chain)`,
      );
    if (e.DEVNET_FAULTS) problems.push("DEVNET_FAULTS is only for the devnet");
    // Failing paid renders on purpose is a soak-test knob; in production it would only cost refunds.
    if (e.LOCAL_RENDER_FAULT_RATE > 0)
      problems.push("LOCAL_RENDER_FAULT_RATE is only for the devnet");
  }
  if (e.PROVIDERS.includes("ark") && !e.ARK_API_KEY)
    problems.push("ARK_API_KEY is required when PROVIDERS includes ark");
  if (e.PROVIDERS.includes("fal") && !e.FAL_KEY)
    problems.push("FAL_KEY is required when PROVIDERS includes fal");
  if (e.JOB_ENGINE === "inngest" && !devnet && !(e.INNGEST_EVENT_KEY && e.INNGEST_SIGNING_KEY))
    problems.push("INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY are required when JOB_ENGINE=inngest");
  if (e.STORAGE_DRIVER === "s3" && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
    problems.push(
      "S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when STORAGE_DRIVER=s3",
    );
  if (e.STORAGE_DRIVER === "blob" && !e.BLOB_READ_WRITE_TOKEN)
    problems.push("BLOB_READ_WRITE_TOKEN is required when STORAGE_DRIVER=blob");
  if (e.AUDIT_CHAIN_SECRET && e.AUDIT_CHAIN_SECRET === e.VIDEO_URL_SECRET)
    problems.push("AUDIT_CHAIN_SECRET must differ from VIDEO_URL_SECRET (one secret, one purpose)");
  for (const [name, value] of [
    ["IP_HASH_SECRET", e.IP_HASH_SECRET],
    ["RECEIPT_SIGNING_SECRET", e.RECEIPT_SIGNING_SECRET],
  ] as const)
    if (value && [e.VIDEO_URL_SECRET, e.AUDIT_CHAIN_SECRET].includes(value))
      problems.push(
        `${name} must differ from VIDEO_URL_SECRET and AUDIT_CHAIN_SECRET (one secret, one purpose)`,
      );
  for (const extra of e.EXTRA_NETWORKS) {
    const chainId = Number(extra.network.split(":")[1]);
    const knownExtra = KNOWN_USDC[extra.network];
    if (extra.network === e.X402_NETWORK || chainId === 31337)
      problems.push(`EXTRA_NETWORKS lists ${extra.network}, which is already the main network`);
    if (devnet && MAINNET_CHAIN_IDS.has(chainId))
      problems.push(`EXTRA_NETWORKS: the devnet never accepts a mainnet (${extra.network})`);
    if (knownExtra && extra.asset.toLowerCase() !== knownExtra.address.toLowerCase())
      problems.push(`EXTRA_NETWORKS: ${extra.asset} is not USDC on ${extra.network}`);
  }
  if (new Set(e.EXTRA_NETWORKS.map((x) => x.network)).size !== e.EXTRA_NETWORKS.length)
    problems.push("EXTRA_NETWORKS lists a network twice");
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL)
    problems.push("MIGRATION_DATABASE_URL needs DATABASE_URL (the runtime role's connection)");
  let publicOrigin = "";
  try {
    publicOrigin = publicOriginOf(e.PUBLIC_BASE_URL, e.HOST, e.PORT);
  } catch {
    problems.push("HOST must be a host name or IP address (or set PUBLIC_BASE_URL)");
  }
  if (problems.length) throw new ConfigError(problems);

  const main: NetworkConfig = {
    network: e.X402_NETWORK as `${string}:${string}`,
    chainId: Number(e.X402_NETWORK.split(":")[1]),
    rpcUrl: e.RPC_URL ?? (devnet ? `http://127.0.0.1:${e.DEVNET_RPC_PORT}` : undefined),
    asset: {
      address: (e.USDC_ADDRESS ?? DEVNET_USDC_ADDRESS) as `0x${string}`,
      name: known?.name ?? "USD Coin",
      version: known?.version ?? "2",
      decimals: 6,
    },
    payTo: (e.PAY_TO ?? DEVNET_ACCOUNT0_ADDRESS) as `0x${string}`,
  };
  const extras = e.EXTRA_NETWORKS.map(
    (x): NetworkConfig => ({
      network: x.network as `${string}:${string}`,
      chainId: Number(x.network.split(":")[1]),
      rpcUrl: x.rpcUrl,
      asset: {
        address: x.asset as `0x${string}`,
        name: KNOWN_USDC[x.network]?.name ?? "USD Coin",
        version: KNOWN_USDC[x.network]?.version ?? "2",
        decimals: 6,
      },
      payTo: main.payTo,
    }),
  );

  return {
    nodeEnv: e.NODE_ENV ?? "development",
    devnet,
    network: main.network,
    chainId: main.chainId,
    rpcUrl: main.rpcUrl,
    devnetRpcPort: e.DEVNET_RPC_PORT,
    asset: main.asset,
    payTo: main.payTo,
    /** Every network USDC is accepted on: the main one first, then EXTRA_NETWORKS in order. */
    networks: [main, ...extras],
    facilitator: devnet
      ? {
          kind: "local" as const,
          privateKey: (e.FACILITATOR_PRIVATE_KEY ?? DEVNET_ACCOUNT0_KEY) as `0x${string}`,
        }
      : {
          kind: "http" as const,
          url: e.FACILITATOR_URL as string,
          cdpKeyId: e.CDP_API_KEY_ID,
          cdpKeySecret: e.CDP_API_KEY_SECRET,
        },
    facilitatorTimeoutMs: e.FACILITATOR_TIMEOUT_MS,
    paymentValiditySeconds: e.PAYMENT_VALIDITY_SECONDS,
    databaseUrl: e.DATABASE_URL,
    /** The owner's connection, for migrations only; the service itself runs as DATABASE_URL's role. */
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    /** Where clients reach us: the one origin links, did:web and wallet proofs name (publicOriginOf). */
    publicOrigin,
    // Public values: the studio hands them to the browser.
    walletConnect: e.WALLETCONNECT_PROJECT_ID
      ? { projectId: e.WALLETCONNECT_PROJECT_ID, relayUrl: e.WALLETCONNECT_RELAY_URL }
      : null,
    // Vercel overwrites X-Forwarded-For with the real client address, and no launcher of ours sets the peer header there.
    trustProxy: e.TRUST_PROXY || e.VERCEL === "1",
    limits: {
      postsPerMinutePerIp: e.LIMIT_POSTS_PER_MINUTE_PER_IP,
      activeJobsPerWallet: e.LIMIT_ACTIVE_JOBS_PER_WALLET,
      queueCapacity: e.LIMIT_QUEUE_CAPACITY,
      uploadsPerMinutePerIp: e.LIMIT_UPLOADS_PER_MINUTE_PER_IP,
      free: {
        streamsPerClient: e.LIMIT_EVENT_STREAMS_PER_CLIENT,
        streamsTotal: e.LIMIT_EVENT_STREAMS_TOTAL,
        readsPerMinute: e.LIMIT_FREE_READS_PER_MINUTE_PER_IP,
      },
      maxBodyBytes: 16384,
      idempotencyKeyTtlSeconds: 24 * 60 * 60,
      abuseBlock: {
        rejections: e.ABUSE_BLOCK_REJECTIONS,
        windowSeconds: e.ABUSE_BLOCK_WINDOW_SECONDS,
        blockSeconds: e.ABUSE_BLOCK_SECONDS,
      },
    },
    redisUrl: e.REDIS_URL,
    imageFetch: {
      timeoutMs: e.IMAGE_FETCH_TIMEOUT_MS,
      /** "host:port" origins an image URL may reach although private, and over http; empty in production. */
      allowHosts: new Set(
        e.IMAGE_FETCH_ALLOW_HOSTS.split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    },
    /** Worker threads that screen images (each holds its own models), and images that may wait for one. */
    imageScreening: { workers: e.IMAGE_SCREEN_WORKERS, queue: e.IMAGE_SCREEN_QUEUE },
    webhooks: {
      /** Callbacks may reach private, loopback and link-local addresses, and use http (tests, private deployments). */
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      /** The first retry's delay; each later one is three times longer (capped), for 24 hours. */
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
    // Devnet: account #0 refunds. Production: a dedicated hot key, never the payTo wallet's.
    refundKey: (e.REFUND_PRIVATE_KEY ?? (devnet ? DEVNET_ACCOUNT0_KEY : undefined)) as
      | `0x${string}`
      | undefined,
    /** Fault injection for tests and demos; refused outside the devnet. */
    devnetFaults: new Set(
      e.DEVNET_FAULTS.split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    ),
    moderation: e.MODERATION_API_URL
      ? {
          url: e.MODERATION_API_URL,
          apiKey: e.MODERATION_API_KEY,
          timeoutMs: e.MODERATION_TIMEOUT_MS,
        }
      : null,
    jobEngine: e.JOB_ENGINE,
    inngest: {
      eventKey: e.INNGEST_EVENT_KEY,
      signingKey: e.INNGEST_SIGNING_KEY,
      dev: e.INNGEST_DEV,
    },
    videoUrlSecret: e.VIDEO_URL_SECRET,
    auditChainSecret: e.AUDIT_CHAIN_SECRET,
    ipHashSecret: e.IP_HASH_SECRET,
    receiptSigningSecret: e.RECEIPT_SIGNING_SECRET,
    port: e.PORT,
    host: e.HOST,
    devnetAutostart: devnet && e.DEVNET_AUTOSTART === "true",
    providers: {
      order: e.PROVIDERS,
      local: { minLatencyMs: e.LOCAL_RENDER_MIN_LATENCY_MS, faultRate: e.LOCAL_RENDER_FAULT_RATE },
      ark: {
        baseUrl: e.ARK_BASE_URL,
        apiKey: e.ARK_API_KEY ?? "",
        models: { "alpha-2.0": e.ARK_MODEL_ALPHA, "alpha-2.0-fast": e.ARK_MODEL_ALPHA_FAST },
      },
      fal: {
        queueBaseUrl: e.FAL_QUEUE_URL,
        apiKey: e.FAL_KEY ?? "",
        endpoints: {
          "alpha-2.0": e.FAL_ENDPOINT_ALPHA,
          "alpha-2.0-fast": e.FAL_ENDPOINT_ALPHA_FAST,
        },
      },
      requestTimeoutMs: e.UPSTREAM_REQUEST_TIMEOUT_MS,
    },
    generation: {
      maxAttempts: 3,
      attemptDeadlineMs: e.ATTEMPT_DEADLINE_SECONDS * 1000,
      pollIntervalMs: e.POLL_INTERVAL_MS,
      videoTtlMs: e.VIDEO_TTL_HOURS * 3_600_000,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        bucket: e.S3_BUCKET ?? "",
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
        prefix: e.S3_PREFIX,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
      blob: { token: e.BLOB_READ_WRITE_TOKEN ?? "", access: e.BLOB_ACCESS },
    },
  };
}

const cache = globalThis as unknown as { __reel402Env?: Env };

export function getEnv(): Env {
  cache.__reel402Env ??= parseEnv(process.env);
  return cache.__reel402Env;
}
