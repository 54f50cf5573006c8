import assert from "node:assert/strict";
import { generateKeyPairSync, verify } from "node:crypto";
import { after, test } from "node:test";
import { parseEnv } from "@/lib/platform/env";
import { cdpAuthHeaders } from "@/lib/money/payments/facilitator-auth";
import { facilitatorClient } from "@/lib/money/payments/resource-server";
import { startFacilitatorFake } from "../fakes/facilitator-fake";

const fakes: { close: () => Promise<void> }[] = [];
after(() => Promise.all(fakes.map((f) => f.close())));

const decode = (part: string) =>
  JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;

function mainnetEnv(facilitatorUrl: string, keys: Record<string, string>) {
  return parseEnv({
    X402_NETWORK: "eip155:8453",
    USDC_ADDRESS: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    PAY_TO: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    FACILITATOR_URL: facilitatorUrl,
    PUBLIC_BASE_URL: "https://video.example.com",
    VIDEO_URL_SECRET: "facilitator-auth-secret-0123456789",
    AUDIT_CHAIN_SECRET: "facilitator-auth-audit-key-0123456789",
    RECEIPT_SIGNING_SECRET: "facilitator-auth-receipt-key-0123456789",
    RPC_URL: "http://127.0.0.1:1",
    ...keys,
  });
}

test("with CDP keys every facilitator request carries a fresh ES256 JWT scoped to that URL, signed by the key", async () => {
  const fake = await startFacilitatorFake(["eip155:8453"]);
  fakes.push(fake);
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const secret = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const env = mainnetEnv(fake.url, {
    CDP_API_KEY_ID: "organizations/test/apiKeys/doctor",
    CDP_API_KEY_SECRET: secret,
  });

  const supported = await facilitatorClient(env).getSupported();
  assert.deepEqual(
    supported.kinds.map((k) => k.network),
    ["eip155:8453"],
  );
  const auth = fake.requests.find((r) => r.path === "/supported")?.headers.authorization ?? "";
  const [header, payload, signature] = auth.replace(/^Bearer /, "").split(".");
  assert.ok(header && payload && signature, `a bearer JWT, got "${auth}"`);
  assert.equal(decode(header).alg, "ES256");
  const claims = decode(payload);
  assert.equal(claims.sub, "organizations/test/apiKeys/doctor");
  // Scoped to where it was sent: a token for one facilitator is useless at any other.
  assert.deepEqual(claims.uris, [`GET ${new URL(fake.url).host}/supported`]);
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  assert.ok(valid, "the JWT is signed by the configured key");
});

test("without CDP keys (e.g. x402.org on Base Sepolia) no Authorization header is sent", async () => {
  const fake = await startFacilitatorFake(["eip155:84532"]);
  fakes.push(fake);
  const env = parseEnv({
    X402_NETWORK: "eip155:84532",
    USDC_ADDRESS: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    PAY_TO: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    FACILITATOR_URL: fake.url,
    PUBLIC_BASE_URL: "https://video.example.com",
    VIDEO_URL_SECRET: "facilitator-auth-secret-0123456789",
    AUDIT_CHAIN_SECRET: "facilitator-auth-audit-key-0123456789",
    RECEIPT_SIGNING_SECRET: "facilitator-auth-receipt-key-0123456789",
    RPC_URL: "http://127.0.0.1:1",
  });
  await facilitatorClient(env).getSupported();
  assert.equal(fake.requests[0]?.headers.authorization, undefined);
});

test("for the CDP facilitator the tokens name CDP's host and the x402 routes under its path", async () => {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const secret = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const headers = await cdpAuthHeaders(
    "https://api.cdp.coinbase.com/platform/v2/x402",
    "key-id",
    secret,
  )();
  const uris = (h: Record<string, string>) =>
    decode(h.Authorization?.replace(/^Bearer /, "").split(".")[1] ?? "").uris;
  assert.deepEqual(uris(headers.supported), [
    "GET api.cdp.coinbase.com/platform/v2/x402/supported",
  ]);
  assert.deepEqual(uris(headers.verify), ["POST api.cdp.coinbase.com/platform/v2/x402/verify"]);
  assert.deepEqual(uris(headers.settle), ["POST api.cdp.coinbase.com/platform/v2/x402/settle"]);
});
