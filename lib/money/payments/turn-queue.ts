/** Runs `work` once every sender queued before it has finished, one at a time. */
export type InTurn = <T>(work: () => Promise<T>) => Promise<T>;

/** A queue within one thread: work runs in the order it arrived, each once the one before ends. */
export function turnQueue(): InTurn {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
