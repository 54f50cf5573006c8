import "server-only";
import { serve } from "inngest/next";
import { getEnv, RefusalError } from "@/lib/platform";
import { getInngest } from "@/lib/server/workflow/inngest";

/**
 * The Inngest endpoint at /api/inngest; built lazily so the build never needs keys. A deployment
 * on the embedded engine has no such endpoint: the SDK would answer every call with a 500.
 */
export function inngestHandlers() {
  let handlers: ReturnType<typeof serve> | undefined;
  const get = () => {
    if (getEnv().jobEngine !== "inngest")
      throw new RefusalError(
        "not_found",
        "This deployment runs its jobs on the embedded engine; it has no Inngest endpoint.",
      );
    if (!handlers) {
      const { client, functions } = getInngest();
      handlers = serve({
        client,
        functions: functions as Parameters<typeof serve>[0]["functions"],
      });
    }
    return handlers;
  };
  type H = (request: Request, ctx: unknown) => Promise<Response>;
  return {
    GET: ((req, ctx) => (get().GET as unknown as H)(req, ctx)) as H,
    POST: ((req, ctx) => (get().POST as unknown as H)(req, ctx)) as H,
    PUT: ((req, ctx) => (get().PUT as unknown as H)(req, ctx)) as H,
  };
}
