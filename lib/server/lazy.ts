/** A value made on first use and kept for the life of the process. */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** Like lazy, for work that may fail: a failed attempt is forgotten, so the next use tries again. */
export function retrying<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
