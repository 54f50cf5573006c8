import { x402Client } from "@x402/core/client";
import { toClientEvmSigner } from "@x402/evm";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { devnetAccount } from "@/lib/devnet/accounts";
import { DEVNET_NETWORK } from "@/lib/env";

/**
 * A stock x402 client paying from devnet account #index, as an API user would set it up:
 * the devnet token is not a known asset, and the default $1 cap is raised.
 */
export function payingFetch(
  index: number,
  maxAmountPerPayment = "$20",
  network: `${string}:${string}` = DEVNET_NETWORK,
) {
  const account = devnetAccount(index);
  const client = new x402Client();
  registerExactEvmScheme(client, {
    signer: toClientEvmSigner(account),
    networks: [network],
  });
  client.setSpendControls({ maxAmountPerPayment, allowedAssets: true });
  return { account, client, fetch: wrapFetchWithPayment(fetch, client) };
}
