import type { PublicClient } from "viem";
import { type ChainFact, readFact, unknown, yes } from "@/lib/money/payments/chain-fact";

export type Head = { number: bigint; timestamp: bigint };

export type ChainHeads = {
  /** Records a block the process knows exists (e.g. the one that mined its own transaction). */
  note: (chainId: number, block: bigint) => void;
  /**
   * The chain's latest block, or unknown when it cannot be read or is older than a block this
   * process has already seen (a lagging node behind a load balancer answers from the past, where
   * a settled authorization still looks unused).
   */
  fresh: (client: Pick<PublicClient, "getBlock" | "chain">) => Promise<ChainFact<Head>>;
};

/**
 * The highest block seen per chain, from heads and from the process's own receipts. The
 * composition root keeps one per process: the facilitator that settles and the reconciler that
 * reads the chain afterwards must agree on what has been seen.
 */
export function createChainHeads(): ChainHeads {
  const highest = new Map<number, bigint>();
  const note = (chainId: number, block: bigint) => {
    if (block > (highest.get(chainId) ?? -1n)) highest.set(chainId, block);
  };
  return {
    note,
    async fresh(client) {
      const block = await readFact(() => client.getBlock({ blockTag: "latest" }));
      if (block.kind !== "yes")
        return unknown(block.kind === "unknown" ? block.reason : "no block");
      const chainId = client.chain?.id ?? 0;
      const seen = highest.get(chainId) ?? -1n;
      if (block.value.number < seen) return unknown("head behind a block already seen");
      note(chainId, block.value.number);
      return yes({ number: block.value.number, timestamp: block.value.timestamp });
    },
  };
}
