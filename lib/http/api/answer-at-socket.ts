import type { ServerResponse } from "node:http";
import { type AnswerContext, refusalParts } from "@/lib/http/api/problem";
import { API_RESPONSE_HEADERS } from "@/lib/http/api/response-headers";
import type { Refusal } from "@/lib/platform/edge";

/**
 * Writes an answer made at the HTTP server, before Next.js: with the headers every API answer
 * carries (next.config.ts and the proxy add them to the app's; a browser agent needs CORS to read
 * a refusal at all), and its exact length.
 */
export function answerAtSocket(
  res: ServerResponse,
  status: number,
  headers: Iterable<[string, string]>,
  body: string | Buffer,
): void {
  if (res.destroyed) return;
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) res.setHeader(name, value);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("content-length", Buffer.byteLength(body));
  res.writeHead(status);
  res.end(body);
}

/** A refusal as problem+json, answered at the HTTP server. */
export function refuseAtSocket(res: ServerResponse, refused: Refusal, ctx: AnswerContext = {}) {
  const { status, headers, body } = refusalParts(refused, ctx);
  answerAtSocket(res, status, Object.entries(headers), body);
}
