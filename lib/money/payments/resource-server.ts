import "server-only";
import {
  HTTPFacilitatorClient,
  type FacilitatorClient,
  x402ResourceServer,
} from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import type { Env } from "@/lib/platform";
import type { ChainHeads } from "@/lib/money/payments/chain-head";
import { cdpAuthHeaders } from "@/lib/money/payments/facilitator-auth";
import { createFacilitatorThread } from "@/lib/money/payments/facilitator-thread";
import type { OperatorWallets } from "@/lib/money/payments/operator";

export type FacilitatorDecorator = (inner: FacilitatorClient) => FacilitatorClient;

/**
 * What the devnet's in-process facilitator runs on: the process's wallets and chain heads, and
 * the fault injection the composition root wraps it in when DEVNET_FAULTS asks.
 */
export type LocalFacilitatorDeps = {
  wallets: Pick<OperatorWallets, "operator">;
  heads?: Pick<ChainHeads, "note">;
  decorate?: FacilitatorDecorator;
};

/** The facilitator the server (and `npm run doctor`) talks to: in-process on the devnet, else over HTTP. */
export function facilitatorClient(env: Env, local?: LocalFacilitatorDeps): FacilitatorClient {
  const f = env.facilitator;
  if (f.kind === "local") {
    if (!local)
      throw new Error("the devnet's facilitator runs in-process, on the service's wallets");
    // On its own thread: its signature work and chain calls stay off the request thread.
    const client = createFacilitatorThread({
      privateKey: f.privateKey,
      chains: env.networks.map((n) => ({
        network: n.network,
        wallet: local.wallets.operator(n.network),
      })),
      ...(local.heads ? { heads: local.heads } : {}),
    });
    return local.decorate?.(client) ?? client;
  }
  const createAuthHeaders =
    f.cdpKeyId && f.cdpKeySecret ? cdpAuthHeaders(f.url, f.cdpKeyId, f.cdpKeySecret) : undefined;
  return new HTTPFacilitatorClient({
    url: f.url,
    timeoutMs: env.facilitatorTimeoutMs,
    ...(createAuthHeaders ? { createAuthHeaders } : {}),
  });
}

/** The x402 resource server for every accepted network, initialised against its facilitator. */
export async function createResourceServer(
  env: Env,
  facilitator: FacilitatorClient,
): Promise<x402ResourceServer> {
  const server = new x402ResourceServer(facilitator);
  for (const n of env.networks) server.register(n.network, new ExactEvmScheme());
  server.registerExtension(bazaarResourceServerExtension);
  await server.initialize();
  return server;
}
