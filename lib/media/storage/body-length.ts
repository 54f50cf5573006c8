import type { ServerResponse } from "node:http";

/**
 * Next.js drops Content-Length from every route handler response (it cannot vouch that a body
 * was not re-encoded on the way) and streams it chunked. A video download needs the length:
 * progress bars, resumed downloads and clients that detect a cut-off file. So serveVideo states
 * the exact body length in this header of our own, and the HTTP server turns it back into
 * Content-Length just before the response head is written.
 */
export const BODY_LENGTH_HEADER = "x-reel402-body-length";

/** Wraps `res.writeHead` once per response; responses without the header are untouched. */
export function restoreContentLength(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (
    this: ServerResponse,
    ...args: Parameters<ServerResponse["writeHead"]>
  ) {
    const length = this.getHeader(BODY_LENGTH_HEADER);
    if (typeof length === "string" && /^\d+$/.test(length))
      this.setHeader("content-length", length);
    this.removeHeader(BODY_LENGTH_HEADER);
    return writeHead.apply(this, args as never);
  } as ServerResponse["writeHead"];
}
