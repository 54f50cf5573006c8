const KEY = /^[A-Za-z0-9._-]{1,200}$/;

/** Keys are ours (job ids) but end up in file paths, object names and headers: refuse anything odd. */
export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.includes(".."))
    throw new Error(`invalid video key: ${JSON.stringify(key.slice(0, 50))}`);
}
