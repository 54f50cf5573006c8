import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, DEVNET_USDC_ADDRESS, KNOWN_USDC, parseEnv } from "@/lib/platform/env";

test("an empty environment is the devnet on chain 31337, never 8453", () => {
  const env = parseEnv({});
  assert.equal(env.devnet, true);
  assert.equal(env.network, "eip155:31337");
  assert.equal(env.chainId, 31337);
  assert.equal(env.asset.address, DEVNET_USDC_ADDRESS);
  assert.deepEqual([env.asset.name, env.asset.version], ["USD Coin", "2"]);
  assert.equal(env.facilitator.kind, "local");
  assert.deepEqual(env.limits, {
    postsPerMinutePerIp: 20,
    activeJobsPerWallet: 5,
    queueCapacity: 50,
    uploadsPerMinutePerIp: 20,
    free: { streamsPerClient: 10, streamsTotal: 500, readsPerMinute: 300 },
    maxBodyBytes: 16384,
    idempotencyKeyTtlSeconds: 86400,
    abuseBlock: { rejections: 5, windowSeconds: 600, blockSeconds: 900 },
  });
});

test("a partial production config fails with every missing variable named", () => {
  try {
    parseEnv({ X402_NETWORK: "eip155:8453" });
    assert.fail("should throw");
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    for (const name of [
      "USDC_ADDRESS",
      "PAY_TO",
      "FACILITATOR_URL",
      "CDP_API_KEY_ID",
      "PUBLIC_BASE_URL",
      "VIDEO_URL_SECRET",
      "AUDIT_CHAIN_SECRET",
      "RECEIPT_SIGNING_SECRET",
      "RPC_URL",
    ]) {
      assert.match(error.message, new RegExp(name));
    }
  }
});

test("a production network refuses an asset that is not its USDC", () => {
  assert.throws(
    () =>
      parseEnv({
        X402_NETWORK: "eip155:84532",
        USDC_ADDRESS: KNOWN_USDC["eip155:8453"]!.address,
        PAY_TO: "0x1111111111111111111111111111111111111111",
        FACILITATOR_URL: "https://x402.org/facilitator",
        PUBLIC_BASE_URL: "https://reel402.example",
        VIDEO_URL_SECRET: "s".repeat(32),
      }),
    /not USDC on eip155:84532/,
  );
});

/** A complete Base Sepolia configuration. */
const SEPOLIA = {
  X402_NETWORK: "eip155:84532",
  USDC_ADDRESS: KNOWN_USDC["eip155:84532"]!.address,
  PAY_TO: "0x1111111111111111111111111111111111111111",
  FACILITATOR_URL: "https://x402.org/facilitator",
  PUBLIC_BASE_URL: "https://reel402.example",
  VIDEO_URL_SECRET: "s".repeat(32),
  AUDIT_CHAIN_SECRET: "a".repeat(32),
  RECEIPT_SIGNING_SECRET: "r".repeat(32),
  RPC_URL: "https://sepolia.base.org",
};

test("a complete Base Sepolia config parses with its USDC domain", () => {
  const env = parseEnv({ ...SEPOLIA, LIMIT_QUEUE_CAPACITY: "10" });
  assert.equal(env.devnet, false);
  assert.deepEqual([env.asset.name, env.asset.version], ["USDC", "2"]);
  assert.equal(env.limits.queueCapacity, 10);
  assert.equal(env.facilitator.kind, "http");
});

test("the local renderer's failure rate is a devnet knob, refused on a real network", () => {
  assert.throws(
    () => parseEnv({ ...SEPOLIA, LOCAL_RENDER_FAULT_RATE: "0.2" }),
    /LOCAL_RENDER_FAULT_RATE is only for the devnet/,
  );
  assert.equal(parseEnv({ ...SEPOLIA, LOCAL_RENDER_FAULT_RATE: "0" }).providers.local.faultRate, 0);
  assert.equal(parseEnv({ LOCAL_RENDER_FAULT_RATE: "0.2" }).providers.local.faultRate, 0.2);
});

test("the local renderer's wait-only mode is a devnet knob, refused on a real network", () => {
  assert.throws(
    () => parseEnv({ ...SEPOLIA, LOCAL_RENDER_WAIT_ONLY: "true" }),
    /LOCAL_RENDER_WAIT_ONLY is only for the devnet/,
  );
  assert.equal(
    parseEnv({ ...SEPOLIA, LOCAL_RENDER_WAIT_ONLY: "false" }).providers.local.waitOnly,
    false,
  );
  assert.equal(parseEnv({}).providers.local.waitOnly, false);
  assert.equal(parseEnv({ LOCAL_RENDER_WAIT_ONLY: "true" }).providers.local.waitOnly, true);
  assert.throws(() => parseEnv({ LOCAL_RENDER_WAIT_ONLY: "yes" }), ConfigError);
});

test("malformed values are refused", () => {
  assert.throws(() => parseEnv({ LIMIT_QUEUE_CAPACITY: "zero" }), ConfigError);
  assert.throws(() => parseEnv({ PAY_TO: "0x123" }), ConfigError);
  assert.throws(() => parseEnv({ X402_NETWORK: "eip155:1" }), ConfigError);
});

test("the client address comes from X-Forwarded-For only behind a trusted proxy, always on Vercel", () => {
  assert.equal(parseEnv({}).trustProxy, false);
  assert.equal(parseEnv({ TRUST_PROXY: "true" }).trustProxy, true);
  assert.equal(parseEnv({ VERCEL: "1" }).trustProxy, true);
});

test("WalletConnect is offered only with a well-formed project id", () => {
  assert.equal(parseEnv({}).walletConnect, null);
  assert.deepEqual(
    parseEnv({ WALLETCONNECT_PROJECT_ID: "0123456789abcdef0123456789abcdef" }).walletConnect,
    {
      projectId: "0123456789abcdef0123456789abcdef",
      relayUrl: undefined,
    },
  );
  assert.throws(
    () => parseEnv({ WALLETCONNECT_PROJECT_ID: "not-an-id" }),
    /WALLETCONNECT_PROJECT_ID/,
  );
});

test("hosted moderation is off without a URL; its timeout defaults to 3 s", () => {
  assert.equal(parseEnv({}).moderation, null);
  assert.deepEqual(
    parseEnv({
      MODERATION_API_URL: "https://api.openai.com/v1/moderations",
      MODERATION_API_KEY: "k",
    }).moderation,
    {
      url: "https://api.openai.com/v1/moderations",
      apiKey: "k",
      timeoutMs: 3000,
    },
  );
  assert.equal(
    parseEnv({ MODERATION_API_URL: "http://127.0.0.1:1/m", MODERATION_TIMEOUT_MS: "500" })
      .moderation?.timeoutMs,
    500,
  );
  assert.throws(() => parseEnv({ MODERATION_TIMEOUT_MS: "0" }), ConfigError);
});

test("the audit chain's key is its own secret, and a migration URL needs a runtime URL", () => {
  assert.throws(
    () => parseEnv({ VIDEO_URL_SECRET: "k".repeat(32), AUDIT_CHAIN_SECRET: "k".repeat(32) }),
    /AUDIT_CHAIN_SECRET must differ from VIDEO_URL_SECRET/,
  );
  assert.throws(() => parseEnv({ AUDIT_CHAIN_SECRET: "short" }), /AUDIT_CHAIN_SECRET/);
  assert.throws(
    () => parseEnv({ AUDIT_CHAIN_SECRET: "k".repeat(32), RECEIPT_SIGNING_SECRET: "k".repeat(32) }),
    /RECEIPT_SIGNING_SECRET must differ/,
  );
  assert.throws(
    () => parseEnv({ MIGRATION_DATABASE_URL: "postgres://owner@db/app" }),
    /MIGRATION_DATABASE_URL needs DATABASE_URL/,
  );
  const env = parseEnv({
    DATABASE_URL: "postgres://app@db/app",
    MIGRATION_DATABASE_URL: "postgres://owner@db/app",
  });
  assert.equal(env.migrationDatabaseUrl, "postgres://owner@db/app");
  assert.equal(
    parseEnv({ DATABASE_URL: "postgres://app@db/app" }).migrationDatabaseUrl,
    "postgres://app@db/app",
  );
});

test("EXTRA_NETWORKS adds networks after the main one, paid to the same wallet", () => {
  const asset = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  const env = parseEnv({ EXTRA_NETWORKS: `eip155:31338=http://127.0.0.1:8546@${asset}` });
  assert.deepEqual(
    env.networks.map((n) => [n.network, n.chainId, n.rpcUrl, n.asset.address, n.payTo]),
    [
      ["eip155:31337", 31337, "http://127.0.0.1:8545", DEVNET_USDC_ADDRESS, env.payTo],
      ["eip155:31338", 31338, "http://127.0.0.1:8546", asset, env.payTo],
    ],
  );
  assert.equal(parseEnv({}).networks.length, 1);
});

test("EXTRA_NETWORKS refuses a mainnet on the devnet, a repeated network and a malformed entry", () => {
  const asset = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  for (const value of [
    `eip155:8453=https://mainnet.base.org@${asset}`,
    `eip155:42161=https://arb1.arbitrum.io/rpc@${asset}`,
    `eip155:31337=http://127.0.0.1:8546@${asset}`,
    `eip155:31338=http://a@${asset},eip155:31338=http://b@${asset}`,
    "eip155:31338=http://127.0.0.1:8546",
  ])
    assert.throws(() => parseEnv({ EXTRA_NETWORKS: value }), ConfigError, value);
});
