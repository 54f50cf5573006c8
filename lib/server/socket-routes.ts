import type { IncomingMessage, ServerResponse } from "node:http";
import { processHolder } from "@/lib/server/holder";

/**
 * Answers a request at the HTTP server, before Next.js routes it, and says so (true); or leaves
 * it to Next.js (false) without having touched it.
 */
export type SocketRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Set once by the start-up hook, from the app's own modules. */
export function setSocketRoute(route: SocketRoute): void {
  processHolder.socketRoute = route;
}

/**
 * The route the server script answers at the socket, if the app set one. Apart from services():
 * the server script is loaded without the react-server condition and reaches it here.
 */
export function socketRoute(): SocketRoute | undefined {
  return processHolder.socketRoute;
}
