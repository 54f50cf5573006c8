import { getEnv } from "@/lib/platform";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "@/lib/media";
import { networkName } from "@/lib/http/storefront/service-info";

/** What the browser studio needs to know; nothing secret. */
export type StudioConfig = {
  network: string;
  chainId: number;
  chainName: string;
  rpcUrl: string | null;
  explorerTxUrl: string | null;
  asset: { address: `0x${string}`; decimals: number };
  /** The devnet's one-click wallet: signs through the devnet node's own unlocked test account. */
  demoWallet: { address: `0x${string}` } | null;
  /** WalletConnect pairing, offered only when the operator configured a project id. */
  walletConnect: { projectId: string; relayUrl?: string; appUrl: string | null } | null;
  /** The first provider is the local stand-in renderer: the page says clips are not a model's. */
  localRenderer: boolean;
  /** What an upload may be, so the browser checks a picture before sending it. */
  images: { maxBytes: number; maxSide: number; types: readonly string[] };
};

const EXPLORERS: Record<number, string> = {
  8453: "https://basescan.org/tx/",
  84532: "https://sepolia.basescan.org/tx/",
};
// Hardhat/anvil account #8: funded on the devnet, unlocked on the node, never used by the tests' payers.
const DEMO_ACCOUNT = "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f";

export function studioConfig(): StudioConfig {
  const env = getEnv();
  return {
    network: env.network,
    chainId: env.chainId,
    chainName: networkName(env.network),
    rpcUrl: env.devnet ? (env.rpcUrl ?? null) : null,
    explorerTxUrl: EXPLORERS[env.chainId] ?? null,
    asset: { address: env.asset.address, decimals: env.asset.decimals },
    demoWallet: env.devnet ? { address: DEMO_ACCOUNT } : null,
    walletConnect: env.walletConnect
      ? { ...env.walletConnect, appUrl: env.publicBaseUrl ?? null }
      : null,
    localRenderer: env.providers.order[0] === "local",
    images: {
      maxBytes: MAX_IMAGE_BYTES,
      maxSide: MAX_IMAGE_SIDE,
      types: ["image/jpeg", "image/png", "image/webp"],
    },
  };
}
