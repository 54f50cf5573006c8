import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import type { PublicClient } from "viem";
import type { ChainHeads, PaymentRow } from "@/lib/money";
import type { Settlement } from "@/lib/checkout/settlement/apply";
import { authorizationUsed } from "@/lib/checkout/settlement/authorization-used";
import { classifySettlement } from "@/lib/checkout/settlement/outcome";

export type Settler = (
  payload: PaymentPayload,
  requirements: PaymentRequirements,
) => Promise<SettleResponse>;

/**
 * Settles a payment whose request died between verifying and settling (the chain has just said
 * its authorization is unused and still valid), from the payload and requirements stored with it.
 * The facilitator's success is taken; any other answer is checked against the chain: used means
 * settled after all; unused after a definite failure means failed (nothing charged); anything
 * else (a timeout, a broadcast that may still land, a chain that does not answer) marks the
 * payment `unknown`, which the reconciler only ever resolves from the chain, never by settling
 * again.
 */
export async function settleStale(
  chain: PublicClient,
  asset: `0x${string}`,
  payment: PaymentRow,
  settle: Settler,
  heads: Pick<ChainHeads, "fresh">,
): Promise<Settlement> {
  let result: SettleResponse | undefined;
  let thrown: unknown;
  try {
    result = await settle(
      payment.payload as PaymentPayload,
      payment.requirements as PaymentRequirements,
    );
  } catch (error) {
    thrown = error;
  }
  const outcome = classifySettlement(result, thrown, payment.network);
  if (outcome.kind === "settled")
    return { kind: "settled", transaction: outcome.response.transaction };
  const head = await heads.fresh(chain);
  const used =
    head.kind === "yes" ? await authorizationUsed(chain, asset, payment, head.value) : head;
  if (used.kind === "yes") return { kind: "settled", transaction: used.value };
  if (used.kind === "no" && outcome.kind === "failed")
    return { kind: "failed", reason: outcome.reason };
  return { kind: "unknown", reason: outcome.reason };
}
