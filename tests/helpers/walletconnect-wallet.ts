import { SignClient } from "@walletconnect/sign-client";
import type { SignClientTypes } from "@walletconnect/types";
import { type Hex, isHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * A WalletConnect wallet in Node: a real `@walletconnect/sign-client` that pairs with a `wc:` URI,
 * approves the eip155 session for one local account and signs what the dapp asks (EIP-712 typed
 * data, personal_sign). It records every method the dapp calls so a test can count signatures.
 */

const METHODS = [
  "eth_signTypedData_v4",
  "personal_sign",
  "eth_sendTransaction",
  "eth_chainId",
  "eth_accounts",
  "eth_requestAccounts",
  "wallet_switchEthereumChain",
];
const EVENTS = ["chainChanged", "accountsChanged"];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** In-memory storage: nothing on disk, nothing shared between wallets. */
class MemoryStorage {
  private map = new Map<string, unknown>();
  async getKeys() {
    return [...this.map.keys()];
  }
  async getEntries<T = unknown>() {
    return [...this.map.entries()] as [string, T][];
  }
  async getItem<T = unknown>(key: string) {
    return this.map.get(key) as T | undefined;
  }
  async setItem<T = unknown>(key: string, value: T) {
    this.map.set(key, value);
  }
  async removeItem(key: string) {
    this.map.delete(key);
  }
}

export type TestWalletConnectWallet = {
  address: `0x${string}`;
  /** Methods the dapp called over the session, in order. */
  calls: string[];
  /** Resolves with the session topic once a session is approved. */
  session: Promise<string>;
  pair: (uri: string) => Promise<void>;
  stop: () => Promise<void>;
};

/** EIP-712 numbers arrive as JSON strings or numbers; viem wants bigints for (u)intN fields. */
function typedValue(
  types: Record<string, { name: string; type: string }[]>,
  type: string,
  value: Json,
): unknown {
  if (type.endsWith("]")) {
    const inner = type.slice(0, type.lastIndexOf("["));
    return (value as Json[]).map((v) => typedValue(types, inner, v));
  }
  if (types[type]) {
    const out: Record<string, unknown> = {};
    for (const field of types[type])
      out[field.name] = typedValue(
        types,
        field.type,
        (value as Record<string, Json>)[field.name] ?? null,
      );
    return out;
  }
  if (/^u?int\d*$/.test(type)) return BigInt(value as string | number);
  return value;
}

export async function startWalletConnectWallet(opts: {
  projectId: string;
  relayUrl: string;
  privateKey: Hex;
  chainId: number;
}): Promise<TestWalletConnectWallet> {
  const account = privateKeyToAccount(opts.privateKey);
  const calls: string[] = [];
  const client = await SignClient.init({
    projectId: opts.projectId,
    relayUrl: opts.relayUrl,
    storage: new MemoryStorage(),
    // Sign clients cache their core per storage prefix on globalThis; a unique prefix keeps this one apart.
    customStoragePrefix: `reel402-test-wallet-${process.pid}-${Date.now()}`,
    telemetryEnabled: false,
    logger: process.env.WC_WALLET_DEBUG ? "debug" : "error",
    metadata: {
      name: "Reel402 test wallet",
      description: "A WalletConnect wallet for the browser tests",
      url: "http://127.0.0.1",
      icons: [],
    },
  });

  let settled: (topic: string) => void = () => {};
  let failed: (e: unknown) => void = () => {};
  const session = new Promise<string>((resolve, reject) => {
    settled = resolve;
    failed = reject;
  });
  session.catch(() => {});

  client.on(
    "session_proposal",
    async (proposal: SignClientTypes.EventArguments["session_proposal"]) => {
      try {
        const { requiredNamespaces, optionalNamespaces } = proposal.params;
        const proposed = [
          ...(requiredNamespaces.eip155?.chains ?? []),
          ...(optionalNamespaces?.eip155?.chains ?? []),
        ];
        const chains = [
          ...new Set([
            `eip155:${opts.chainId}`,
            ...proposed.filter((c) => c.startsWith("eip155:")),
          ]),
        ];
        const { acknowledged } = await client.approve({
          id: proposal.id,
          namespaces: {
            eip155: {
              chains,
              accounts: chains.map((c) => `${c}:${account.address}`),
              methods: METHODS,
              events: EVENTS,
            },
          },
        });
        const s = await acknowledged();
        settled(s.topic);
      } catch (e) {
        failed(e);
      }
    },
  );

  client.on("session_request", async (event: SignClientTypes.EventArguments["session_request"]) => {
    const { topic, id } = event;
    const { method, params } = event.params.request as { method: string; params: Json[] };
    calls.push(method);
    const respond = (result: unknown) =>
      client.respond({ topic, response: { id, jsonrpc: "2.0", result } });
    const reject = (code: number, message: string) =>
      client.respond({ topic, response: { id, jsonrpc: "2.0", error: { code, message } } });
    try {
      switch (method) {
        case "eth_signTypedData_v4": {
          const [signer, json] = params as [string, string | Record<string, Json>];
          if (signer.toLowerCase() !== account.address.toLowerCase())
            return await reject(4100, `unknown account ${signer}`);
          const data = (typeof json === "string" ? JSON.parse(json) : json) as {
            domain: Record<string, Json>;
            types: Record<string, { name: string; type: string }[]>;
            primaryType: string;
            message: Record<string, Json>;
          };
          const { EIP712Domain: _domain, ...types } = data.types;
          const domain = {
            ...data.domain,
            ...(data.domain.chainId !== undefined
              ? { chainId: BigInt(data.domain.chainId as string | number) }
              : {}),
          };
          const message = typedValue(types, data.primaryType, data.message) as Record<
            string,
            unknown
          >;
          return await respond(
            await account.signTypedData({ domain, types, primaryType: data.primaryType, message }),
          );
        }
        case "personal_sign": {
          const [raw] = params as [string];
          return await respond(
            await account.signMessage({ message: isHex(raw) ? { raw: raw as Hex } : raw }),
          );
        }
        case "eth_chainId":
          return await respond(`0x${opts.chainId.toString(16)}`);
        case "eth_accounts":
        case "eth_requestAccounts":
          return await respond([account.address]);
        case "wallet_switchEthereumChain":
          return await respond(null);
        default:
          return await reject(4200, `${method} is not supported by the test wallet`);
      }
    } catch (e) {
      await reject(-32000, (e as Error).message).catch(() => {});
    }
  });

  return {
    address: account.address,
    calls,
    session,
    pair: async (uri) => {
      await client.core.pairing.pair({ uri });
    },
    stop: async () => {
      client.core.heartbeat.stop();
      await client.core.relayer.transportClose().catch(() => {});
    },
  };
}
