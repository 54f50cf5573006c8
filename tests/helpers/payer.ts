import { wrapAxiosWithPayment, x402Client as AxiosX402Client } from "@x402/axios";
import { x402Client } from "@x402/core/client";
import { toClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme, registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import axios from "axios";
import { devnetAccount } from "@/lib/devnet/accounts";
import { DEVNET_NETWORK } from "@/lib/platform/env";

type Network = `${string}:${string}`;

/**
 * A stock x402 client paying from devnet account #index, as an API user would set it up:
 * the devnet token is not a known asset, and the default $1 cap is raised.
 */
export function payingFetch(
  index: number,
  maxAmountPerPayment = "$20",
  network: Network = DEVNET_NETWORK,
  baseFetch: typeof fetch = fetch,
) {
  const account = devnetAccount(index);
  const client = new x402Client();
  registerExactEvmScheme(client, {
    signer: toClientEvmSigner(account),
    networks: [network],
  });
  client.setSpendControls({ maxAmountPerPayment, allowedAssets: true });
  return { account, client, fetch: wrapFetchWithPayment(baseFetch, client) };
}

/**
 * An axios instance paying through `@x402/axios` as its README sets it up. That package pins an
 * older `@x402/core` (its own x402Client and header codec); the EVM scheme is the current
 * `@x402/evm`, which is what an install of both packages today resolves to.
 */
export function payingAxios(index: number, network: Network = DEVNET_NETWORK) {
  const account = devnetAccount(index);
  const client = new AxiosX402Client().register(
    network,
    new ExactEvmScheme(toClientEvmSigner(account)),
  );
  return { account, client, axios: wrapAxiosWithPayment(axios.create(), client) };
}
