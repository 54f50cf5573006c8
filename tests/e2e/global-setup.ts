import { startTestChain } from "../helpers/chain";
import { startServer } from "../helpers/server";

/** One fresh devnet chain and one built server (PGlite, local renderer) for the browser suite. */
export default async function globalSetup() {
  const chain = await startTestChain();
  const server = await startServer({ RPC_URL: chain.rpcUrl, USDC_ADDRESS: chain.token });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_RPC_URL = chain.rpcUrl;
  process.env.E2E_TOKEN = chain.token;
  return async () => {
    await server.stop();
    await chain.stop();
  };
}
