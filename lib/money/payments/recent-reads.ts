/**
 * The same chain read asked again within `ttlMs` shares the first one's answer (and, while it is
 * in flight, its request); a read that fails is forgotten at once, so "could not tell" is never
 * kept. At most `max` keys are held: past that, the oldest are dropped first.
 */
export function recentReads<T>(ttlMs: number, max: number, read: (key: string) => Promise<T>) {
  const held = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string): Promise<T> => {
    const now = Date.now();
    const hit = held.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    held.delete(key);
    if (held.size >= max) {
      const oldest = held.keys().next().value;
      if (oldest !== undefined) held.delete(oldest);
    }
    const value = read(key);
    held.set(key, { at: now, value });
    value.catch(() => {
      if (held.get(key)?.value === value) held.delete(key);
    });
    return value;
  };
}
