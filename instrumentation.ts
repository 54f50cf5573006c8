/**
 * Runs once when the server starts, the composition root: the embedded job engine lives in the
 * server process, and on the devnet DEVNET_FAULTS is wired in here, never by the modules it hooks.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("@/lib/env");
  const env = getEnv();
  if (env.devnetFaults.size > 0) {
    const { installDevnetFaults } = await import("@/lib/devnet/install-faults");
    installDevnetFaults(env.devnetFaults);
  }
  if (env.jobEngine === "inngest") {
    const { startInngestEngine } = await import("@/lib/workflow/inngest");
    startInngestEngine();
    return;
  }
  const { startEmbeddedEngine } = await import("@/lib/workflow/start-engine");
  await startEmbeddedEngine();
}
