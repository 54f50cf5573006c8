type Hook = { name: string; run: () => Promise<void> };

/** Registers work that must finish before a clean shutdown; the same name registers once. */
export type OnBeforeExit = (name: string, run: () => Promise<void>) => void;

export type BeforeExitHooks = {
  on: OnBeforeExit;
  /** Runs every hook, each at most `timeoutMs`; a hook that fails is named and the others still run. */
  run: (timeoutMs: number) => Promise<void>;
};

/**
 * Work that must finish before a clean shutdown ends the process: writing what is kept in memory
 * for a moment (refusal records, the embedded database's limits). The composition root holds one
 * set per process, which the server script runs on SIGTERM.
 */
export function createBeforeExitHooks(): BeforeExitHooks {
  const hooks = new Map<string, Hook>();
  return {
    on(name, run) {
      if (!hooks.has(name)) hooks.set(name, { name, run });
    },
    async run(timeoutMs) {
      await Promise.all(
        [...hooks.values()].map((hook) =>
          Promise.race([
            hook.run(),
            new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
          ]).catch((error: unknown) =>
            console.error(`[reel402] ${hook.name} not finished at shutdown: ${String(error)}`),
          ),
        ),
      );
    },
  };
}
