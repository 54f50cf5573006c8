import type { Worker } from "node:worker_threads";
import type { FacilitatorClient } from "@x402/core/server";
import type {
  FacilitatorCall,
  FacilitatorRequest,
  FacilitatorThreadData,
  FacilitatorThreadMessage,
} from "@/lib/money/payments/facilitator-thread-protocol";
import { rebuiltError, startWorkerThread } from "@/lib/platform";
import type { ChainHeads } from "@/lib/money/payments/chain-head";
import type { OperatorWallet } from "@/lib/money/payments/operator-wallet";
import { REQUEST_THREAD, releaseTurnLock } from "@/lib/money/payments/turn-lock";

const ENTRY = "lib/money/payments/facilitator-worker-entry.mjs";

export type FacilitatorThreadOptions = {
  privateKey: `0x${string}`;
  /** Each network with the process's wallet for the key on it: the thread shares its turn lock. */
  chains: ReadonlyArray<{ network: string; wallet: OperatorWallet }>;
  heads?: Pick<ChainHeads, "note">;
  entry?: string;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Running = { worker: Worker; holder: number; calls: Map<number, Pending> };

/**
 * The devnet's in-process facilitator on a thread of its own (facilitator-worker.ts): per payment
 * it recovers the authorization's signer twice (verify, and settle's own verify), signs a
 * transaction and makes its chain calls, milliseconds of CPU that would otherwise run on the
 * request thread between the paid request's database round trips. It answers as the in-process
 * one does: the same answers, and errors with the same name, message and fields. Its wallets take
 * their turns by the turn locks of this thread's wallets, without a message either way, so
 * settlements and refunds from one key still go one at a time. A thread that stops fails the calls
 * it held (a verification could not finish; a settlement's outcome is unknown, for the
 * reconciler), gives back a turn it held, and the next call starts another.
 */
export function createFacilitatorThread(options: FacilitatorThreadOptions): FacilitatorClient & {
  close: () => Promise<void>;
} {
  const locks = options.chains.map((c) => c.wallet.turnLock);
  const networks = options.chains.map(({ network, wallet }) => ({
    network,
    chainId: wallet.client.chain.id,
    rpcUrl: wallet.rpcUrl,
    turnLock: wallet.turnLock,
  }));
  // Each thread started holds the wallets' turn locks under a number of its own, so one that
  // stops is released for without touching a turn its successor took meanwhile.
  let generation = 0;
  let running: Running | null = null;
  let nextCall = 1;

  const stopped = (run: Running, why: string) => {
    if (running === run) running = null;
    for (const pending of run.calls.values())
      pending.reject(new Error(`the facilitator thread stopped: ${why}`));
    run.calls.clear();
    // A turn the thread held is given back, so the other senders from the key move on.
    for (const lock of locks) releaseTurnLock(lock, run.holder);
  };

  const start = (): Running => {
    const holder = REQUEST_THREAD + ++generation;
    const data: FacilitatorThreadData = { privateKey: options.privateKey, holder, networks };
    const worker: Worker = startWorkerThread(ENTRY, { workerData: data }, options.entry);
    const run: Running = { worker, holder, calls: new Map() };
    worker.on("message", (message: FacilitatorThreadMessage) => onMessage(run, message));
    worker.on("error", (error) => {
      console.error(`[reel402] facilitator thread failed: ${error.name}: ${error.message}`);
      stopped(run, "it failed");
    });
    worker.on("exit", (code) => stopped(run, `it exited (${code})`));
    // After the listeners: adding a message listener refs the worker again. An idle thread does
    // not keep the process alive; one that owes an answer does (call, below).
    worker.unref();
    return run;
  };

  const onMessage = (run: Running, message: FacilitatorThreadMessage) => {
    switch (message.kind) {
      case "answer": {
        const pending = run.calls.get(message.call);
        run.calls.delete(message.call);
        if (run.calls.size === 0) run.worker.unref();
        if (message.ok) pending?.resolve(message.value);
        else pending?.reject(rebuiltError(message.error));
        return;
      }
      case "head":
        options.heads?.note(message.chainId, message.block);
        return;
    }
  };

  const call = <T>(request: FacilitatorRequest): Promise<T> => {
    running ??= start();
    const run = running;
    const id = nextCall++;
    return new Promise<T>((resolve, reject) => {
      if (run.calls.size === 0) run.worker.ref();
      run.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      run.worker.postMessage({ ...request, call: id } as FacilitatorCall);
    });
  };

  return {
    verify: (payload, requirements) => call({ op: "verify", payload, requirements }),
    settle: (payload, requirements) => call({ op: "settle", payload, requirements }),
    getSupported: () => call({ op: "supported" }),
    close: async () => {
      const run = running;
      running = null;
      if (run) await run.worker.terminate();
    },
  };
}
