/**
 * Runs once when the server starts: the generation POST's answer is handed to the server script
 * (lib/http/api/paid-post-at-socket.ts), and the embedded job engine lives in the server process.
 * The services it runs on (and, on the devnet, DEVNET_FAULTS) are wired in lib/server/services.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { answerPaidPostsAtSocket } = await import("@/lib/http");
  answerPaidPostsAtSocket();
  const { services } = await import("@/lib/server");
  if (services().config.jobEngine === "inngest") {
    const { startInngestEngine } = await import("@/lib/server");
    startInngestEngine();
    return;
  }
  const { startEmbeddedEngine } = await import("@/lib/server");
  await startEmbeddedEngine();
}
