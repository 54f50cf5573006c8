/** Runs once when the server starts: the embedded job engine lives in the server process. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("@/lib/env");
  if (getEnv().jobEngine === "inngest") {
    const { startInngestEngine } = await import("@/lib/workflow/inngest");
    startInngestEngine();
    return;
  }
  const { startEmbeddedEngine } = await import("@/lib/workflow/start-engine");
  await startEmbeddedEngine();
}
