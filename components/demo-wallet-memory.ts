"use client";

import { useEffect } from "react";
import { useAccount } from "wagmi";
import type { StudioConfig } from "@/lib/http/browser";

/**
 * Remembers across reloads that the person chose the devnet demo wallet. What is kept is the demo
 * account's public address and chain, nothing secret (the account signs on the devnet node), and
 * only on a devnet that offers a demo wallet: never on a mainnet.
 */
const KEY = "reel402.demo-wallet";
const MAINNETS = new Set([1, 8453]);

function memo(config: StudioConfig): string | null {
  if (!config.demoWallet || MAINNETS.has(config.chainId)) return null;
  return JSON.stringify({ chainId: config.chainId, address: config.demoWallet.address });
}

/** Whether the demo wallet was in use on this devnet at the last visit (wagmi then reconnects it). */
export function demoWalletRemembered(config: StudioConfig): boolean {
  const value = memo(config);
  if (!value || typeof window === "undefined") return false;
  try {
    return localStorage.getItem(KEY) === value;
  } catch {
    return false; // storage disabled: the person connects again
  }
}

/** Keeps the memo while the demo wallet is connected. */
export function useRememberDemoWallet(config: StudioConfig) {
  const { status, connector } = useAccount();
  useEffect(() => {
    const value = memo(config);
    if (value && status === "connected" && connector?.type === "mock")
      localStorage.setItem(KEY, value);
  }, [config, status, connector]);
}

/** On an explicit disconnect, so the next visit starts without a wallet. */
export function forgetDemoWallet() {
  localStorage.removeItem(KEY);
}
