import "server-only";
import {
  HTTPFacilitatorClient,
  type FacilitatorClient,
  x402ResourceServer,
} from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { type Env, getEnv } from "@/lib/env";
import { cdpAuthHeaders } from "@/lib/payments/facilitator-auth";
import { createLocalFacilitatorFor } from "@/lib/payments/local-facilitator";
import { getOperatorWallet } from "@/lib/payments/operator";

export type FacilitatorDecorator = (inner: FacilitatorClient) => FacilitatorClient;

const decoratorHolder = globalThis as unknown as {
  __reel402FacilitatorDecorator?: FacilitatorDecorator;
};

/**
 * Wraps the in-process facilitator from now on; the composition root installs fault injection
 * this way on the devnet. Kept on globalThis: Next.js bundles the start-up hook and the routes apart.
 */
export function decorateLocalFacilitator(decorator: FacilitatorDecorator): void {
  decoratorHolder.__reel402FacilitatorDecorator = decorator;
}

/** The facilitator the server (and `npm run doctor`) talks to: in-process on the devnet, else over HTTP. */
export function facilitatorClient(env: Env): FacilitatorClient {
  const f = env.facilitator;
  if (f.kind === "local") {
    const local = createLocalFacilitatorFor(
      env.networks.map((n) => ({ wallet: getOperatorWallet(n.network), network: n.network })),
    );
    return decoratorHolder.__reel402FacilitatorDecorator?.(local) ?? local;
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

/** The x402 resource server for every accepted network, initialised against its facilitator once. */
export function getResourceServer(): Promise<x402ResourceServer> {
  holder.__reel402Server ??= (async () => {
    const env = getEnv();
    const server = new x402ResourceServer(facilitatorClient(env));
    for (const n of env.networks) server.register(n.network, new ExactEvmScheme());
    server.registerExtension(bazaarResourceServerExtension);
    await server.initialize();
    return server;
  })().catch((error: unknown) => {
    holder.__reel402Server = undefined;
    throw error;
  });
  return holder.__reel402Server;
}
