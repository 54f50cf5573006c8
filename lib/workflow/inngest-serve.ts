import "server-only";
import { serve } from "inngest/next";
import { getInngest } from "@/lib/workflow/inngest";

/** The Inngest endpoint at /api/inngest; built lazily so the build never needs keys. */
export function inngestHandlers() {
  let handlers: ReturnType<typeof serve> | undefined;
  const get = () => {
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
