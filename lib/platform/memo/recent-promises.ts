/**
 * Promises shared by key for `ttlMs`: the same key asked again within that time gets the first
 * ask's promise, in flight or settled, so a burst of equal asks costs one piece of work. A promise
 * that rejects is dropped at once and never served to the next ask ("could not tell" is never
 * kept). At most `max` keys are held: a new key past that drops the oldest (a key asked afresh
 * moves to the end, so the oldest is also the first to have expired).
 */
export function recentPromises<T>(ttlMs: number, max: number) {
  const held = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, make: () => Promise<T>, now = Date.now()): Promise<T> => {
    const hit = held.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    held.delete(key);
    if (held.size >= max) {
      const oldest = held.keys().next().value;
      if (oldest !== undefined) held.delete(oldest);
    }
    const value = make();
    held.set(key, { at: now, value });
    value.catch(() => {
      if (held.get(key)?.value === value) held.delete(key);
    });
    return value;
  };
}
