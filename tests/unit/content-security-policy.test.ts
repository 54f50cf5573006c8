import assert from "node:assert/strict";
import { test } from "node:test";
import { parseEnv } from "@/lib/platform/env";
import {
  contentSecurityPolicy,
  cspSourcesFromEnv,
  newNonce,
} from "@/lib/http/api/content-security-policy";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(" ");

const BASE_MAINNET = {
  X402_NETWORK: "eip155:8453",
  USDC_ADDRESS: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  PAY_TO: "0x000000000000000000000000000000000000dEaD",
  FACILITATOR_URL: "https://facilitator.example",
  CDP_API_KEY_ID: "id",
  CDP_API_KEY_SECRET: "secret",
  PUBLIC_BASE_URL: "https://reel402.example",
  VIDEO_URL_SECRET: "s".repeat(32),
  AUDIT_CHAIN_SECRET: "a".repeat(32),
  RECEIPT_SIGNING_SECRET: "r".repeat(32),
  RPC_URL: "https://private-node.example/key",
  NODE_ENV: "production",
};

test("Base mainnet: the browser reads the chain from Base's public endpoint, never the operator's private RPC", () => {
  const csp = contentSecurityPolicy("bm9uY2U=", cspSourcesFromEnv(parseEnv(BASE_MAINNET)));
  assert.deepEqual(directive(csp, "connect-src"), ["'self'", "https://mainnet.base.org"]);
  assert.deepEqual(directive(csp, "script-src"), [
    "'self'",
    "'nonce-bm9uY2U='",
    "'strict-dynamic'",
  ]);
  assert.deepEqual(directive(csp, "frame-src"), ["'none'"]);
  assert.deepEqual(directive(csp, "frame-ancestors"), ["'none'"]);
  assert.deepEqual(directive(csp, "object-src"), ["'none'"]);
});

test("WalletConnect adds its relay (the operator's, if set) and its own endpoints; an http bucket endpoint is a media source", () => {
  const env = parseEnv({
    WALLETCONNECT_PROJECT_ID: "5eed402c0ffee0000000000000000402",
    WALLETCONNECT_RELAY_URL: "wss://relay.example.com/v1?x=1",
    RPC_URL: "http://127.0.0.1:9545",
    STORAGE_DRIVER: "s3",
    S3_BUCKET: "clips",
    S3_ACCESS_KEY_ID: "k",
    S3_SECRET_ACCESS_KEY: "s",
    S3_ENDPOINT: "http://minio.lab:9000/",
    NODE_ENV: "production",
  });
  const csp = contentSecurityPolicy("n", cspSourcesFromEnv(env));
  const connect = directive(csp, "connect-src") ?? [];
  for (const source of [
    "'self'",
    "http://127.0.0.1:9545",
    "wss://relay.example.com",
    "wss://*.walletconnect.org",
    "https://*.walletconnect.com",
  ])
    assert.ok(connect.includes(source), source);
  assert.deepEqual(directive(csp, "frame-src"), [
    "https://verify.walletconnect.org",
    "https://verify.walletconnect.com",
  ]);
  assert.deepEqual(directive(csp, "media-src"), ["'self'", "https:", "http://minio.lab:9000"]);
});

test("development allows eval for React's debugging, production never", () => {
  assert.ok(
    directive(
      contentSecurityPolicy("n", cspSourcesFromEnv(parseEnv({ NODE_ENV: "development" }))),
      "script-src",
    )?.includes("'unsafe-eval'"),
  );
  assert.ok(
    !directive(
      contentSecurityPolicy("n", cspSourcesFromEnv(parseEnv({ NODE_ENV: "production" }))),
      "script-src",
    )?.includes("'unsafe-eval'"),
  );
});

test("nonces are 128 random bits, fresh each time", () => {
  const nonces = new Set(Array.from({ length: 100 }, newNonce));
  assert.equal(nonces.size, 100);
  for (const nonce of nonces) assert.equal(Buffer.from(nonce, "base64").length, 16);
});
