import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { ThreadError } from "@/lib/platform/edge";

/**
 * What the facilitator thread is started with: the devnet key, each accepted network with the turn
 * lock of the process's wallet on it, and the thread's holder number in those locks.
 */
export type FacilitatorThreadData = {
  privateKey: `0x${string}`;
  holder: number;
  networks: { network: string; chainId: number; rpcUrl: string; turnLock: Int32Array }[];
};

/** What the request thread asks of the facilitator. */
export type FacilitatorRequest =
  | { op: "supported" }
  | { op: "verify" | "settle"; payload: PaymentPayload; requirements: PaymentRequirements };

/** A request on its way to the facilitator thread, numbered for its answer. */
export type FacilitatorCall = FacilitatorRequest & { call: number };

/** Facilitator thread to request thread. */
export type FacilitatorThreadMessage =
  | { kind: "answer"; call: number; ok: true; value: unknown }
  | { kind: "answer"; call: number; ok: false; error: ThreadError }
  | { kind: "head"; chainId: number; block: bigint };
