"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type Chain, defineChain, http } from "viem";
import { base, baseSepolia } from "viem/chains";
import { type CreateConnectorFn, createConfig, injected, mock, WagmiProvider } from "wagmi";
import { walletConnect } from "wagmi/connectors/walletConnect";
import { demoWalletRemembered } from "@/components/demo-wallet-memory";
import { browserRpcUrl, type StudioConfig } from "@/lib/http/browser";

export function chainFor(config: StudioConfig): Chain {
  if (config.chainId === base.id) return base;
  if (config.chainId === baseSepolia.id) return baseSepolia;
  return defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [browserRpcUrl(config)] } },
    testnet: true,
  });
}

function walletConnectConnector(wc: NonNullable<StudioConfig["walletConnect"]>): CreateConnectorFn {
  const url =
    wc.appUrl ?? (typeof window === "undefined" ? "http://localhost" : window.location.origin);
  return walletConnect({
    projectId: wc.projectId,
    ...(wc.relayUrl ? { relayUrl: wc.relayUrl } : {}),
    // The studio draws its own pairing QR code: the stock modal would fetch wallet lists, images and fonts from the internet.
    showQrModal: false,
    metadata: { name: "Reel402", description: "Pay-per-call AI video over x402", url, icons: [] },
  });
}

export function AppProviders({ config, children }: { config: StudioConfig; children: ReactNode }) {
  const [state] = useState(() => {
    const chain = chainFor(config);
    const connectors: CreateConnectorFn[] = [injected({ shimDisconnect: true })];
    if (config.walletConnect) connectors.push(walletConnectConnector(config.walletConnect));
    if (config.demoWallet)
      connectors.push(
        mock({
          accounts: [config.demoWallet.address],
          features: { reconnect: true, defaultConnected: demoWalletRemembered(config) },
        }),
      );
    const wagmi = createConfig({
      chains: [chain],
      connectors,
      transports: { [chain.id]: http() },
      ssr: true,
    });
    return { wagmi, query: new QueryClient() };
  });
  return (
    <WagmiProvider config={state.wagmi}>
      <QueryClientProvider client={state.query}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
