type Waiting<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

export type GroupCommitOptions<T> = {
  /** The most items one write takes. */
  max: number;
  /** Items with the same key never share a group: the later one waits for the next write, in order. */
  key?: (item: T) => string;
};

/**
 * A group commit: the first caller writes at once; callers that arrive while a write is in flight
 * are written together by the next one, one write at a time. `write` answers each item of a group
 * in order, and each caller resolves only once its own write has finished, so a grouped item is
 * as durable and as exact as one written alone, but a burst costs one round trip (and one lock)
 * per group instead of one per item.
 */
export function groupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  options: GroupCommitOptions<T>,
): (item: T) => Promise<R> {
  let waiting: Waiting<T, R>[] = [];
  let running = false;
  const take = (): Waiting<T, R>[] => {
    const group: Waiting<T, R>[] = [];
    const rest: Waiting<T, R>[] = [];
    const keys = new Set<string>();
    for (const w of waiting) {
      const key = options.key?.(w.item);
      const fits = group.length < options.max && (key === undefined || !keys.has(key));
      if (key !== undefined && fits) keys.add(key);
      (fits ? group : rest).push(w);
    }
    waiting = rest;
    return group;
  };
  const drain = async () => {
    running = true;
    while (waiting.length) {
      const group = take();
      try {
        const results = await write(group.map((w) => w.item));
        for (const [i, w] of group.entries()) w.resolve(results[i] as R);
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
