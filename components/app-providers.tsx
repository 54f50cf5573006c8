"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type Chain, defineChain, http } from "viem";
import { base, baseSepolia } from "viem/chains";
import { createConfig, injected, mock, WagmiProvider } from "wagmi";
import type { StudioConfig } from "@/lib/storefront/studio-config";

export function chainFor(config: StudioConfig): Chain {
  if (config.chainId === base.id) return base;
  if (config.chainId === baseSepolia.id) return baseSepolia;
  return defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl ?? "http://127.0.0.1:8545"] } },
    testnet: true,
  });
}

export function AppProviders({ config, children }: { config: StudioConfig; children: ReactNode }) {
  const [state] = useState(() => {
    const chain = chainFor(config);
    const connectors = [injected({ shimDisconnect: true })];
    if (config.demoWallet) connectors.push(mock({ accounts: [config.demoWallet.address], features: { reconnect: true } }) as never);
    const wagmi = createConfig({ chains: [chain], connectors, transports: { [chain.id]: http() }, ssr: true });
    return { wagmi, query: new QueryClient() };
  });
  return (
    <WagmiProvider config={state.wagmi}>
      <QueryClientProvider client={state.query}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
