import { parentPort, workerData } from "node:worker_threads";
import type { Network } from "@x402/core/types";
import { chainFor } from "@/lib/money/payments/chain";
import type {
  FacilitatorCall,
  FacilitatorThreadData,
  FacilitatorThreadMessage,
} from "@/lib/money/payments/facilitator-thread-protocol";
import { createLocalFacilitatorFor } from "@/lib/money/payments/local-facilitator";
import { createOperatorWallet } from "@/lib/money/payments/operator-wallet";
import { threadError } from "@/lib/platform/edge";

/**
 * The devnet facilitator's thread (started by facilitator-thread.ts through
 * facilitator-worker-entry.mjs): the x402 exact-scheme facilitator, its signature recoveries,
 * transaction signing and chain reads, off the request thread. Each wallet takes its turns by the
 * turn lock of the process's wallet for its key, under this thread's own holder number, so this
 * thread's settlements and the request thread's refunds never race for a nonce.
 */
const port = parentPort;
if (!port) throw new Error("facilitator-worker.ts runs only as a worker thread");
const data = workerData as FacilitatorThreadData;
const send = (message: FacilitatorThreadMessage) => port.postMessage(message);

const facilitator = createLocalFacilitatorFor(
  data.networks.map((n) => ({
    network: n.network as Network,
    wallet: createOperatorWallet(
      n.rpcUrl,
      data.privateKey,
      chainFor({ chainId: n.chainId, rpcUrl: n.rpcUrl }),
      { lock: n.turnLock, holder: data.holder },
    ),
  })),
  { note: (chainId, block) => send({ kind: "head", chainId, block }) },
);

async function answer(call: FacilitatorCall): Promise<unknown> {
  if (call.op === "supported") return facilitator.getSupported();
  if (call.op === "verify") return facilitator.verify(call.payload, call.requirements);
  return facilitator.settle(call.payload, call.requirements);
}

port.on("message", (message: FacilitatorCall) => {
  answer(message).then(
    (value) => send({ kind: "answer", call: message.call, ok: true, value }),
    (error: unknown) =>
      send({ kind: "answer", call: message.call, ok: false, error: threadError(error) }),
  );
});
