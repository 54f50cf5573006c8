import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { ThreadError } from "@/lib/platform/edge";

/** What the facilitator thread is started with: the devnet key and each accepted network. */
export type FacilitatorThreadData = {
  privateKey: `0x${string}`;
  networks: { network: string; chainId: number; rpcUrl: string }[];
};

/** What the request thread asks of the facilitator. */
export type FacilitatorRequest =
  | { op: "supported" }
  | { op: "verify" | "settle"; payload: PaymentPayload; requirements: PaymentRequirements };

/** A request on its way to the facilitator thread, numbered for its answer. */
export type FacilitatorCall = FacilitatorRequest & { call: number };

/** Facilitator thread to request thread; the request thread answers a `turn` with the same message once granted. */
export type FacilitatorThreadMessage =
  | { kind: "ready" }
  | { kind: "answer"; call: number; ok: true; value: unknown }
  | { kind: "answer"; call: number; ok: false; error: ThreadError }
  | { kind: "turn"; turn: number; network: string }
  | { kind: "turn_done"; turn: number }
  | { kind: "head"; chainId: number; block: bigint };
