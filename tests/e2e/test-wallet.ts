import type { Page } from "@playwright/test";
import type { LocalAccount } from "viem";

/**
 * An EIP-1193 wallet injected into the page the way an extension injects window.ethereum, so the
 * studio's real injected-connector path runs. Account management is ours; every other call,
 * signing included, goes to the devnet node, whose test accounts are unlocked.
 */
export async function injectTestWallet(
  page: Page,
  opts: { rpcUrl: string; address: string; chainId: number; signer?: LocalAccount },
) {
  const calls: string[] = [];
  await page.exposeFunction("__testWalletRpc", async (method: string, params: unknown[]) => {
    calls.push(method);
    // An account the node does not hold (beyond its ten unlocked ones) signs here, as a wallet would.
    if (opts.signer) {
      const local = await signLocally(opts.signer, method, params);
      if (local) return { result: local };
    }
    const res = await fetch(opts.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    if (body.error) return { error: body.error };
    return { result: body.result };
  });
  await page.addInitScript(
    ({ address, chainId }) => {
      const listeners: Record<string, ((...a: unknown[]) => void)[]> = {};
      const hexChain = `0x${chainId.toString(16)}`;
      const provider = {
        isMetaMask: false,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts":
            case "eth_accounts":
              return [address];
            case "eth_chainId":
              return hexChain;
            case "wallet_switchEthereumChain":
            case "wallet_addEthereumChain":
              return null;
            case "wallet_requestPermissions":
              return [{ parentCapability: "eth_accounts" }];
            case "wallet_getPermissions":
              return [{ parentCapability: "eth_accounts" }];
          }
          const out = await (
            window as unknown as {
              __testWalletRpc: (
                m: string,
                p: unknown[],
              ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
            }
          ).__testWalletRpc(method, params ?? []);
          if (out.error)
            throw Object.assign(new Error(out.error.message), { code: out.error.code });
          return out.result;
        },
        on(event: string, fn: (...a: unknown[]) => void) {
          listeners[event] = [...(listeners[event] ?? []), fn];
        },
        removeListener(event: string, fn: (...a: unknown[]) => void) {
          listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn);
        },
      };
      Object.defineProperty(window, "ethereum", { value: provider, configurable: true });
    },
    { address: opts.address, chainId: opts.chainId },
  );
  return { calls };
}

async function signLocally(
  signer: LocalAccount,
  method: string,
  params: unknown[],
): Promise<string | null> {
  if (method === "personal_sign")
    return signer.signMessage({ message: { raw: params[0] as `0x${string}` } });
  if (method === "eth_signTypedData_v4") {
    const typed = JSON.parse(params[1] as string);
    const { EIP712Domain: _domain, ...types } = typed.types;
    return signer.signTypedData({ ...typed, types });
  }
  return null;
}
