import type { SettleResponse } from "@x402/core/types";

export type SettlementOutcome =
  | { kind: "settled"; response: SettleResponse }
  | { kind: "failed"; response: SettleResponse; reason: string }
  | { kind: "unknown"; reason: string };

type SettleErrorLike = {
  errorReason?: string;
  errorMessage?: string;
  transaction?: string;
  network?: string;
  name?: string;
};

/**
 * A facilitator's answer sorted into what it means for the money: settled, definitely not
 * settled, or unknown (timeout, network error, a broadcast still pending) — the last is left for
 * the reconciler to resolve from the chain, never guessed.
 */
export function classifySettlement(
  result: SettleResponse | undefined,
  error: unknown,
  network: string,
): SettlementOutcome {
  if (result?.success) return { kind: "settled", response: result };
  const failure: SettleErrorLike | undefined =
    result ??
    (error instanceof Error && error.name === "SettleError"
      ? (error as SettleErrorLike)
      : undefined);
  if (!failure) {
    return {
      kind: "unknown",
      reason: error instanceof Error ? error.message : "settlement outcome unknown",
    };
  }
  const reason = failure.errorReason ?? "settlement_failed";
  if (/pending|timeout/i.test(reason) || (failure.transaction ?? "") !== "") {
    return { kind: "unknown", reason };
  }
  return {
    kind: "failed",
    reason,
    response: {
      success: false,
      errorReason: reason,
      errorMessage: failure.errorMessage,
      transaction: "",
      network: network as SettleResponse["network"],
    },
  };
}
