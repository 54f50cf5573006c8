import { BaseError } from "viem";

/**
 * What a chain read means for money. `no` is the chain's own answer ("this receipt does not
 * exist", "this authorization is unused"); `unknown` is every failure to get an answer (RPC
 * error, timeout, lost response, an answer that cannot be trusted). Code that moves money acts
 * on `yes` and `no` only; `unknown` means: do nothing now, ask again on a later tick.
 */
export type ChainFact<T = true> =
  | { kind: "yes"; value: T }
  | { kind: "no" }
  | { kind: "unknown"; reason: string };

export const yes = <T>(value: T): ChainFact<T> => ({ kind: "yes", value });
export const no = <T>(): ChainFact<T> => ({ kind: "no" });
export const unknown = <T>(reason: string): ChainFact<T> => ({ kind: "unknown", reason });

/** A short, secret-free name for why a read gave no answer (the RPC URL may carry an API key). */
export function unknownReason(error: unknown): string {
  if (error instanceof BaseError) return error.name;
  return error instanceof Error ? error.name : "unknown error";
}

/**
 * Runs a read; `isNo` picks the errors that are the chain's definite "no" (e.g. viem's
 * not-found errors, raised when the node answered `null`). Every other error is `unknown`.
 */
export async function readFact<T>(
  read: () => Promise<T>,
  isNo: (error: unknown) => boolean = () => false,
): Promise<ChainFact<T>> {
  try {
    return yes(await read());
  } catch (error) {
    return isNo(error) ? no() : unknown(unknownReason(error));
  }
}

// By name: an instanceof check would miss a second copy of viem in the bundle.
export const receiptMissing = (e: unknown) =>
  e instanceof Error && e.name === "TransactionReceiptNotFoundError";
