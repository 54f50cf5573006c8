import type { Hash, PublicClient } from "viem";
import { type ChainFact, no, readFact, unknown, yes } from "@/lib/money/payments/chain-fact";

type Reader = Pick<PublicClient, "getBlockNumber" | "getTransactionCount" | "getBlock">;

/** A nonce is searched for at most this many blocks back (exponential steps, then bisection). */
const MAX_PROBES = 80;

/**
 * Which transaction used `nonce` of `address`: yes(hash) once a block holds it, no while the
 * nonce is still free at the head, unknown when any read fails. "The nonce moved" alone proves
 * nothing about WHICH transaction moved it; this finds the block where the count passed `nonce`
 * and reads that transaction. Every read is pinned to a block number, so a lagging node cannot
 * pass off an old state as the current one.
 */
export async function nonceTaker(
  client: Reader,
  address: `0x${string}`,
  nonce: number,
): Promise<ChainFact<Hash>> {
  const head = await readFact(() => client.getBlockNumber({ cacheTime: 0 }));
  if (head.kind !== "yes") return unknown(head.kind === "unknown" ? head.reason : "no head");
  let probes = 0;
  const countAt = async (block: bigint): Promise<number | null> => {
    probes++;
    const c = await readFact(() => client.getTransactionCount({ address, blockNumber: block }));
    return c.kind === "yes" ? c.value : null;
  };
  const atHead = await countAt(head.value);
  if (atHead === null) return unknown("nonce read failed");
  if (atHead <= nonce) return no();

  // Invariant: count(hi) > nonce; count(lo) <= nonce (lo = -1: before genesis).
  let hi = head.value;
  let lo = -1n;
  for (let step = 1n; ; step *= 2n) {
    const probe = hi - step;
    if (probe < 0n) break;
    const c = await countAt(probe);
    if (c === null) return unknown("nonce read failed");
    if (c <= nonce) {
      lo = probe;
      break;
    }
    hi = probe;
    if (probes > MAX_PROBES) return unknown("nonce search too long");
  }
  while (hi - lo > 1n) {
    const mid = (hi + lo) / 2n;
    const c = await countAt(mid);
    if (c === null) return unknown("nonce read failed");
    if (c > nonce) hi = mid;
    else lo = mid;
    if (probes > MAX_PROBES) return unknown("nonce search too long");
  }
  const block = await readFact(() =>
    client.getBlock({ blockNumber: hi, includeTransactions: true }),
  );
  if (block.kind !== "yes") return unknown("block read failed");
  const tx = block.value.transactions.find(
    (t) =>
      typeof t === "object" && t.from.toLowerCase() === address.toLowerCase() && t.nonce === nonce,
  );
  return tx && typeof tx === "object"
    ? yes(tx.hash)
    : unknown("the nonce's block holds no transaction of this sender");
}
