import { z } from "zod";
import {
  DEVNET_ACCOUNT0_ADDRESS,
  DEVNET_NETWORK,
  DEVNET_USDC_ADDRESS,
  KNOWN_USDC,
} from "@/lib/platform/config/devnet-constants";
import { type AreaContext, address, commaList, int, type Vars } from "@/lib/platform/config/fields";

/** Mainnets' chain ids: the devnet's in-process facilitator never signs on these. */
const MAINNET_CHAIN_IDS = new Set([1, 10, 137, 143, 480, 8453, 42161]);

export type NetworkConfig = {
  network: `${string}:${string}`;
  chainId: number;
  rpcUrl: string | undefined;
  asset: { address: `0x${string}`; name: string; version: string; decimals: number };
  payTo: `0x${string}`;
};

/**
 * EXTRA_NETWORKS: comma-separated `eip155:<chainId>=<rpcUrl>@<usdcAddress>` entries, each a further
 * network the service accepts USDC on (same price, same payTo). Parsed, not yet checked against the main one.
 */
const extraNetworks = commaList("").pipe(
  z.array(
    z
      .string()
      .regex(
        /^eip155:[1-9][0-9]*=\S+@0x[0-9a-fA-F]{40}$/,
        "each entry must be eip155:<chainId>=<rpcUrl>@<usdcAddress>",
      )
      .transform((entry) => {
        const [network, rest] = entry.split("=", 2) as [string, string];
        const at = rest.lastIndexOf("@");
        return { network, rpcUrl: rest.slice(0, at), asset: rest.slice(at + 1) };
      })
      .refine((e) => URL.canParse(e.rpcUrl), "the RPC URL must be a URL"),
  ),
);

/** The chain payments are taken on: the main network, its asset and payee, and any further ones. */
export const chainVariables = {
  X402_NETWORK: z.enum(["eip155:31337", "eip155:8453", "eip155:84532"]).default(DEVNET_NETWORK),
  RPC_URL: z.string().url().optional(),
  DEVNET_RPC_PORT: int(8545, 1),
  USDC_ADDRESS: address.optional(),
  PAY_TO: address.optional(),
  EXTRA_NETWORKS: extraNetworks,
};

export function chainConfig(e: Vars<typeof chainVariables>, { devnet, problems }: AreaContext) {
  const known = KNOWN_USDC[e.X402_NETWORK];
  if (!devnet) {
    if (!e.USDC_ADDRESS) problems.push(`USDC_ADDRESS is required on ${e.X402_NETWORK}`);
    else if (known && e.USDC_ADDRESS.toLowerCase() !== known.address.toLowerCase())
      problems.push(
        `USDC_ADDRESS ${e.USDC_ADDRESS} is not USDC on ${e.X402_NETWORK} (${known.address})`,
      );
    if (!e.PAY_TO) problems.push(`PAY_TO is required on ${e.X402_NETWORK}`);
    if (!e.RPC_URL)
      problems.push(
        `RPC_URL is required on ${e.X402_NETWORK} (settlement reconciliation and refunds read the chain)`,
      );
  }
  for (const extra of e.EXTRA_NETWORKS) {
    const chainId = Number(extra.network.split(":")[1]);
    const knownExtra = KNOWN_USDC[extra.network];
    if (extra.network === e.X402_NETWORK || chainId === 31337)
      problems.push(`EXTRA_NETWORKS lists ${extra.network}, which is already the main network`);
    if (devnet && MAINNET_CHAIN_IDS.has(chainId))
      problems.push(`EXTRA_NETWORKS: the devnet never accepts a mainnet (${extra.network})`);
    if (knownExtra && extra.asset.toLowerCase() !== knownExtra.address.toLowerCase())
      problems.push(`EXTRA_NETWORKS: ${extra.asset} is not USDC on ${extra.network}`);
  }
  if (new Set(e.EXTRA_NETWORKS.map((x) => x.network)).size !== e.EXTRA_NETWORKS.length)
    problems.push("EXTRA_NETWORKS lists a network twice");

  const main: NetworkConfig = {
    network: e.X402_NETWORK as `${string}:${string}`,
    chainId: Number(e.X402_NETWORK.split(":")[1]),
    rpcUrl: e.RPC_URL ?? (devnet ? `http://127.0.0.1:${e.DEVNET_RPC_PORT}` : undefined),
    asset: {
      address: (e.USDC_ADDRESS ?? DEVNET_USDC_ADDRESS) as `0x${string}`,
      name: known?.name ?? "USD Coin",
      version: known?.version ?? "2",
      decimals: 6,
    },
    payTo: (e.PAY_TO ?? DEVNET_ACCOUNT0_ADDRESS) as `0x${string}`,
  };
  const extras = e.EXTRA_NETWORKS.map(
    (x): NetworkConfig => ({
      network: x.network as `${string}:${string}`,
      chainId: Number(x.network.split(":")[1]),
      rpcUrl: x.rpcUrl,
      asset: {
        address: x.asset as `0x${string}`,
        name: KNOWN_USDC[x.network]?.name ?? "USD Coin",
        version: KNOWN_USDC[x.network]?.version ?? "2",
        decimals: 6,
      },
      payTo: main.payTo,
    }),
  );
  return {
    devnet,
    network: main.network,
    chainId: main.chainId,
    rpcUrl: main.rpcUrl,
    devnetRpcPort: e.DEVNET_RPC_PORT,
    asset: main.asset,
    payTo: main.payTo,
    /** Every network USDC is accepted on: the main one first, then EXTRA_NETWORKS in order. */
    networks: [main, ...extras],
  };
}
