import type { PublicClient } from "viem";
import { type ChainFact, readFact, unknown, yes } from "@/lib/payments/chain-fact";

export type Head = { number: bigint; timestamp: bigint };

// The highest block this process has seen per chain, from heads and from its own receipts.
const holder = globalThis as unknown as { __reel402Highest?: Map<number, bigint> };
const highest = () => (holder.__reel402Highest ??= new Map());

/** Records a block the process knows exists (e.g. the one that mined its own transaction). */
export function noteBlock(chainId: number, block: bigint): void {
  if (block > (highest().get(chainId) ?? -1n)) highest().set(chainId, block);
}

/**
 * The chain's latest block, or unknown when it cannot be read or is older than a block this
 * process has already seen (a lagging node behind a load balancer answers from the past, where
 * a settled authorization still looks unused).
 */
export async function freshHead(
  client: Pick<PublicClient, "getBlock" | "chain">,
): Promise<ChainFact<Head>> {
  const block = await readFact(() => client.getBlock({ blockTag: "latest" }));
  if (block.kind !== "yes") return unknown(block.kind === "unknown" ? block.reason : "no block");
  const chainId = client.chain?.id ?? 0;
  const seen = highest().get(chainId) ?? -1n;
  if (block.value.number < seen) return unknown("head behind a block already seen");
  noteBlock(chainId, block.value.number);
  return yes({ number: block.value.number, timestamp: block.value.timestamp });
}
