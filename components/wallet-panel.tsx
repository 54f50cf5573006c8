"use client";

import { useState } from "react";
import { erc20Abi, formatUnits } from "viem";
import { useAccount, useConnect, useDisconnect, useReadContract, useSwitchChain } from "wagmi";
import { forgetDemoWallet, useRememberDemoWallet } from "@/components/demo-wallet-memory";
import { useWalletConnectUri, WalletConnectPairing } from "@/components/wallet-connect-pairing";
import type { StudioConfig } from "@/lib/http/browser";

export function useUsdcBalance(config: StudioConfig) {
  const { address } = useAccount();
  return useReadContract({
    address: config.asset.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    chainId: config.chainId,
    query: { enabled: Boolean(address), refetchInterval: 5000 },
  });
}

export function WalletPanel({ config }: { config: StudioConfig }) {
  const { address, chainId, isConnected } = useAccount();
  const { connectors, connect, isPending, error, reset } = useConnect();
  const { disconnect } = useDisconnect();
  const { switchChain } = useSwitchChain();
  const balance = useUsdcBalance(config);
  const injected = connectors.find((c) => c.type === "injected");
  const demo = connectors.find((c) => c.type === "mock");
  const walletConnect = connectors.find((c) => c.type === "walletConnect");
  const pairingUri = useWalletConnectUri(walletConnect);
  useRememberDemoWallet(config);
  const [noExtension, setNoExtension] = useState(false);

  if (!isConnected || !address) {
    const connectInjected = () => {
      // Without an extension there is nothing to connect: say what the options are instead.
      const hasProvider =
        typeof window !== "undefined" && (window as { ethereum?: unknown }).ethereum !== undefined;
      setNoExtension(!hasProvider);
      if (hasProvider && injected) connect({ connector: injected });
    };
    const failure = error && !/provider not found/i.test(error.message) ? error : null;
    return (
      <section className="wallet" aria-label="Wallet">
        <button
          type="button"
          className="button primary"
          disabled={!injected || isPending}
          onClick={connectInjected}
        >
          Connect wallet
        </button>
        {walletConnect && (
          <button
            type="button"
            className="button"
            disabled={isPending}
            onClick={() => connect({ connector: walletConnect })}
          >
            WalletConnect
          </button>
        )}
        {demo && (
          <button
            type="button"
            className="button"
            disabled={isPending}
            onClick={() => connect({ connector: demo })}
            title="A funded account on the local devnet; not real money"
          >
            Use devnet demo wallet
          </button>
        )}
        {pairingUri && isPending && (
          <WalletConnectPairing
            uri={pairingUri}
            onCancel={() => walletConnect?.disconnect().finally(reset)}
          />
        )}
        {(noExtension || failure) && (
          <div className="wallet-help" role="alert" data-testid="wallet-help">
            {noExtension ? (
              <>
                <p>
                  <strong>No browser wallet found.</strong> To pay you need a wallet holding USDC on{" "}
                  {config.chainName}:
                </p>
                <ul>
                  <li>
                    a browser wallet extension (MetaMask, Coinbase Wallet, Rabby…): install one,
                    then reload this page;
                  </li>
                  {walletConnect && (
                    <li>a phone wallet: choose WalletConnect and scan the code;</li>
                  )}
                  {demo && (
                    <li>
                      on this devnet, the demo wallet: funded with test USDC, no extension needed.
                    </li>
                  )}
                </ul>
              </>
            ) : (
              <p>
                <strong>The wallet did not connect.</strong> {failure?.message.split("\n")[0]} Try
                again, or choose another wallet.
              </p>
            )}
            <button
              type="button"
              className="link"
              onClick={() => {
                setNoExtension(false);
                reset();
              }}
            >
              Close
            </button>
          </div>
        )}
      </section>
    );
  }
  const wrongChain = chainId !== config.chainId;
  return (
    <section className="wallet" aria-label="Wallet">
      <span className="pill" data-testid="wallet-address" title={address}>
        {address.slice(0, 6)}…{address.slice(-4)}
      </span>
      {wrongChain ? (
        <button
          type="button"
          className="button primary"
          onClick={() => switchChain({ chainId: config.chainId })}
        >
          Switch to {config.chainName}
        </button>
      ) : (
        <span className="pill" data-testid="wallet-balance">
          {balance.data === undefined
            ? "…"
            : Number(formatUnits(balance.data, config.asset.decimals)).toFixed(2)}{" "}
          USDC
        </span>
      )}
      <button
        type="button"
        className="link"
        onClick={() => {
          forgetDemoWallet();
          disconnect();
        }}
      >
        Disconnect
      </button>
    </section>
  );
}
