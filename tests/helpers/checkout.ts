import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { type FacilitatorClient, x402ResourceServer } from "@x402/core/server";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { createWalletClient, http } from "viem";
import { readCheckoutInput } from "@/lib/http/api/checkout-request";
import { type CheckoutDeps, checkout } from "@/lib/checkout/checkout";
import type { CheckoutOutcome } from "@/lib/checkout/outcome";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { withFacilitatorFaults } from "@/lib/devnet/faulty-facilitator";
import { TOKEN_ABI } from "@/lib/devnet/setup-chain";
import { DEVNET_ACCOUNT0_KEY, getEnv } from "@/lib/platform/env";
import { createLocalFacilitator } from "@/lib/money/payments/local-facilitator";
import { createOperatorWallet } from "@/lib/money/payments/operator-wallet";
import { services } from "@/lib/server/services";
import { startTestChain } from "./chain";
import { createTestDatabase } from "./database";
import { payingFetch } from "./payer";

/**
 * The checkout in-process: a devnet chain, the service's own env and a throw-away database on the
 * real Postgres (the process-wide services(), so the guard and its audit use them too), and x402
 * resource servers on the in-process local facilitator. `hooks.beforeSettle` runs on chain
 * between a payment's verification and its settlement.
 */
export async function startCheckoutHarness(extraEnv: Record<string, string> = {}) {
  const chain = await startTestChain();
  const database = await createTestDatabase();
  Object.assign(process.env, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reel402-checkout-")),
    DATABASE_URL: database.url,
    RPC_URL: chain.rpcUrl,
    ...extraEnv,
  });
  const env = getEnv();
  assert.equal(env.asset.address.toLowerCase(), chain.token.toLowerCase(), "devnet USDC address");
  const db = await services().db();
  const wallet = createOperatorWallet(chain.rpcUrl, DEVNET_ACCOUNT0_KEY, devnetChain(chain.rpcUrl));
  const local = createLocalFacilitator(wallet, env.network);
  const hooks: { beforeSettle?: () => Promise<void> } = {};
  const hooked: FacilitatorClient = {
    verify: (p, r) => local.verify(p, r),
    getSupported: () => local.getSupported(),
    settle: async (p, r) => {
      const before = hooks.beforeSettle;
      hooks.beforeSettle = undefined;
      await before?.();
      return local.settle(p, r);
    },
  };
  const server = await resourceServer(hooked, env.network);
  // The devnet's own fault: the settle call times out before anything is sent.
  const timingOut = await resourceServer(
    withFacilitatorFaults(local, new Set(["settle-timeout-before"])),
    env.network,
  );

  const deps = (over: Partial<CheckoutDeps> = {}): CheckoutDeps => ({
    db,
    env,
    resourceServer: async () => server,
    images: services().images(),
    wake: services().waker.wake,
    ...over,
  });
  const request = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(`http://reel402.test${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  /** The checkout's input for a POST of `body` to /generate/{family}/{product}, read as the route reads it. */
  const input = (
    p: string,
    body: unknown,
    headers: Record<string, string> = {},
    maxBodyBytes = env.limits.maxBodyBytes,
  ) => {
    const [, , family = "", productName = ""] = p.split("/");
    const target = { family, productName, baseUrl: "http://reel402.test" };
    return readCheckoutInput(request(p, body, headers), target, maxBodyBytes);
  };
  /** POSTs `body` to /generate/{family}/{product} through checkout(). */
  const post = async (
    p: string,
    body: unknown,
    headers: Record<string, string> = {},
    over: Partial<CheckoutDeps> = {},
  ): Promise<CheckoutOutcome> => {
    const d = deps(over);
    return checkout(d, await input(p, body, headers, d.env.limits.maxBodyBytes));
  };
  /** A PAYMENT-SIGNATURE from devnet account #index for a challenge. */
  const sign = async (index: number, required: PaymentRequired) =>
    encodePaymentSignatureHeader(await payingFetch(index).client.createPaymentPayload(required));
  /** Moves all of account #index's test USDC away (to account #0). */
  const drain = async (index: number) => {
    const account = devnetAccount(index);
    const payer = createWalletClient({
      account,
      chain: devnetChain(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    const balance = await chain.balanceOf(account.address);
    const hash = await payer.writeContract({
      address: chain.token,
      abi: TOKEN_ABI,
      functionName: "transfer",
      args: [devnetAccount(0).address, balance],
    });
    await wallet.client.waitForTransactionReceipt({ hash });
  };
  /**
   * Shuts down as the server does on SIGTERM (queued refusal records written, the outbox stopped),
   * then stops the chain and drops the database; nothing is left retrying against a dropped one.
   */
  const close = async () => {
    await services().beforeExit.run(10_000);
    await chain.stop();
    await database.drop();
  };
  return {
    chain,
    close,
    env,
    db,
    server,
    timingOut,
    hooks,
    deps,
    request,
    input,
    post,
    sign,
    drain,
  };
}

async function resourceServer(client: FacilitatorClient, network: `${string}:${string}`) {
  const server = new x402ResourceServer(client).register(network, new ExactEvmScheme());
  server.registerExtension(bazaarResourceServerExtension);
  await server.initialize();
  return server;
}
