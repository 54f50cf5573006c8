/** Runs `work` once every sender queued before it has finished, one at a time. */
export type InTurn = <T>(work: () => Promise<T>) => Promise<T>;

/** A queue within one thread: work runs in the order it arrived, each once the one before ends. */
function turnQueue(): InTurn {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

const FREE = 0;
/** The request thread's name in a turn lock; other threads take numbers above it. */
export const REQUEST_THREAD = 1;

// Atomics.waitAsync is in Node since 16; TypeScript's ES2023 library does not declare it.
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (
      array: Int32Array,
      index: number,
      value: number,
    ) => { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** One key's turn lock: a word in memory the process's threads share, naming its holder (0: none). */
export function newTurnLock(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/**
 * The turns of one thread among all the threads that send from one key: within the thread, work
 * runs in the order it arrived (turnQueue); across threads, one at a time, by the shared lock,
 * taken without asking any other thread. The lock names its holder, so a thread that stops while
 * holding it can be released for it (releaseTurnLock).
 */
export function sharedTurns(lock: Int32Array, holder: number): InTurn {
  const local = turnQueue();
  return <T>(work: () => Promise<T>): Promise<T> =>
    local(async () => {
      await take(lock, holder);
      try {
        return await work();
      } finally {
        releaseTurnLock(lock, holder);
      }
    });
}

async function take(lock: Int32Array, holder: number): Promise<void> {
  for (;;) {
    const seen = Atomics.compareExchange(lock, 0, FREE, holder);
    if (seen === FREE) return;
    const waiting = waitAsync(lock, 0, seen);
    if (waiting.async) await waiting.value;
  }
}

/** Frees the lock if `holder` holds it, and wakes the threads waiting for it. */
export function releaseTurnLock(lock: Int32Array, holder: number): void {
  if (Atomics.compareExchange(lock, 0, holder, FREE) === holder) Atomics.notify(lock, 0);
}
