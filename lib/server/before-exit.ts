import { type BeforeExitHooks, createBeforeExitHooks } from "@/lib/platform/edge";
import { processHolder } from "@/lib/server/holder";

/**
 * The process's shutdown hooks. Apart from services(): the server script runs them on SIGTERM and
 * is loaded without the react-server condition, so it must not import the server-only services.
 */
export function beforeExitHooks(): BeforeExitHooks {
  processHolder.beforeExit ??= createBeforeExitHooks();
  return processHolder.beforeExit;
}
