import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network } from "@x402/core/types";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme as FacilitatorScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmScheme as ServerScheme } from "@x402/evm/exact/server";
import { paymentMiddleware, x402ResourceServer } from "@x402/express";
import express from "express";
import { createWalletClient, defineChain, http, publicActions } from "viem";
import { nonceManager, privateKeyToAccount } from "viem/accounts";

/**
 * The x402 reference stack for `npm run bench -- paid`: an Express 5 app behind @x402/express's
 * payment middleware, settling through an in-process x402 facilitator on the bench's devnet chain.
 * Set up as the packages' READMEs do, with nothing of Reel402's: it is what the paid path is
 * measured against. Run as its own process (`node --import tsx bench/x402-reference.ts`) so its
 * CPU is its own; configured by environment, it prints `listening on <port>` once it serves.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const network = env("REF_NETWORK") as Network;
const rpcUrl = env("REF_RPC_URL");
const route = env("REF_ROUTE");
const price = {
  amount: env("REF_AMOUNT"),
  asset: env("REF_ASSET"),
  extra: JSON.parse(env("REF_EXTRA")) as Record<string, unknown>,
};

const chain = defineChain({
  id: Number(network.split(":")[1]),
  name: "devnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
// viem's nonce manager, so concurrent settlements from one account take distinct nonces.
const account = privateKeyToAccount(env("REF_FACILITATOR_KEY") as `0x${string}`, { nonceManager });
const client = createWalletClient({ account, chain, transport: http(rpcUrl) }).extend(
  publicActions,
);
const signer = toFacilitatorEvmSigner({
  address: account.address,
  readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
  verifyTypedData: (args) =>
    client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
  writeContract: (args) =>
    client.writeContract(args as unknown as Parameters<typeof client.writeContract>[0]),
  sendTransaction: (args) => client.sendTransaction(args),
  // The receipt is polled as often as the service's own facilitator polls it (100 ms), not at
  // viem's 4 s default: otherwise a settlement that misses the first look stalls for 4 s and the
  // reference's figures swing from run to run with it.
  waitForTransactionReceipt: (args) =>
    client.waitForTransactionReceipt({ pollingInterval: 100, ...args }),
  getCode: (args) => client.getCode(args),
});
const facilitator = new x402Facilitator().register(network, new FacilitatorScheme(signer));
const facilitatorClient: FacilitatorClient = {
  verify: (payload, requirements) => facilitator.verify(payload, requirements),
  settle: (payload, requirements) => facilitator.settle(payload, requirements),
  getSupported: async () =>
    facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
};
const resourceServer = new x402ResourceServer(facilitatorClient).register(
  network,
  new ServerScheme(),
);

const app = express();
app.use(express.json());
app.use(
  paymentMiddleware(
    {
      [`POST ${route}`]: {
        accepts: { scheme: "exact", price, network, payTo: env("REF_PAY_TO") },
        description: "One generation (reference stack)",
      },
    },
    resourceServer,
  ),
);
app.post(route, (_req, res) => {
  res.json({ job_id: randomUUID(), status: "queued" });
});
const server = app.listen(0, "127.0.0.1", () => {
  console.log(`listening on ${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
