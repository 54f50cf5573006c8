type Hook = { name: string; run: () => Promise<void> };

// On globalThis: the server script and the bundled routes load this module apart.
const holder = globalThis as unknown as { __reel402BeforeExit?: Map<string, Hook> };

/**
 * Work that must finish before a clean shutdown ends the process: writing what is kept in memory
 * for a moment (refusal records, the embedded database's limits). Registered once per name.
 */
export function onBeforeExit(name: string, run: () => Promise<void>): void {
  holder.__reel402BeforeExit ??= new Map();
  if (!holder.__reel402BeforeExit.has(name)) holder.__reel402BeforeExit.set(name, { name, run });
}

/** Runs every hook, each at most `timeoutMs`; a hook that fails is named and the others still run. */
export async function runBeforeExit(timeoutMs: number): Promise<void> {
  const hooks = [...(holder.__reel402BeforeExit?.values() ?? [])];
  await Promise.all(
    hooks.map((hook) =>
      Promise.race([
        hook.run(),
        new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]).catch((error: unknown) =>
        console.error(`[reel402] ${hook.name} not finished at shutdown: ${String(error)}`),
      ),
    ),
  );
}
