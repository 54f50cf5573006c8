import type { Inngest } from "inngest";
import type { BeforeExitHooks } from "@/lib/platform";
import type { Services } from "@/lib/server/services";
import type { SocketRoute } from "@/lib/server/socket-routes";

type ProcessHolder = {
  services?: Services;
  /** Apart from services: the server script reaches it without loading server-only modules. */
  beforeExit?: BeforeExitHooks;
  /** What the server script answers before Next.js (lib/server/socket-routes.ts). */
  socketRoute?: SocketRoute;
  /** The embedded engine, started once by the start-up hook. */
  engine?: Promise<void>;
  /** With JOB_ENGINE=inngest: the client and its functions, served at /api/inngest. */
  inngest?: { client: Inngest; functions: unknown[] };
};

const shared = globalThis as unknown as { __reel402?: ProcessHolder };
shared.__reel402 ??= {};

/**
 * The process's one shared object, and the only value lib/ keeps on globalThis: Next.js loads the
 * start-up hook, each route and the server script as separate module instances, so a value kept
 * in a module would exist once per bundle, where a database, a wallet's nonce queue or a shutdown
 * hook must exist once per process.
 */
export const processHolder: ProcessHolder = shared.__reel402;
