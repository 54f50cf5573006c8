import "server-only";
import {
  HTTPFacilitatorClient,
  type FacilitatorClient,
  x402ResourceServer,
} from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { withSettlementFaults } from "@/lib/devnet/faulty-facilitator";
import { type Env, getEnv } from "@/lib/env";
import { cdpAuthHeaders } from "@/lib/payments/facilitator-auth";
import { createLocalFacilitator } from "@/lib/payments/local-facilitator";
import { getOperatorWallet } from "@/lib/payments/operator";

/** The facilitator the server (and `npm run doctor`) talks to: in-process on the devnet, else over HTTP. */
export function facilitatorClient(env: Env): FacilitatorClient {
  const f = env.facilitator;
  if (f.kind === "local") {
    return withSettlementFaults(
      createLocalFacilitator(getOperatorWallet(), env.network),
      env.devnetFaults,
    );
  }
  const createAuthHeaders =
    f.cdpKeyId && f.cdpKeySecret ? cdpAuthHeaders(f.url, f.cdpKeyId, f.cdpKeySecret) : undefined;
  return new HTTPFacilitatorClient({
    url: f.url,
    timeoutMs: env.facilitatorTimeoutMs,
    ...(createAuthHeaders ? { createAuthHeaders } : {}),
  });
}

const holder = globalThis as unknown as { __reel402Server?: Promise<x402ResourceServer> };

/** The x402 resource server for our one network, initialised against its facilitator once. */
export function getResourceServer(): Promise<x402ResourceServer> {
  holder.__reel402Server ??= (async () => {
    const env = getEnv();
    const server = new x402ResourceServer(facilitatorClient(env)).register(
      env.network,
      new ExactEvmScheme(),
    );
    server.registerExtension(bazaarResourceServerExtension);
    await server.initialize();
    return server;
  })().catch((error: unknown) => {
    holder.__reel402Server = undefined;
    throw error;
  });
  return holder.__reel402Server;
}
