import { type Agent, request } from "node:http";

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * One request over node:http with exactly the path and headers given (fetch and URL would
 * normalise the path and fix Host), the body written as the chunks given, over `agent` when given
 * (a kept-alive connection). Reading stops once `stopWhen` holds, for a stream that does not end.
 */
export function rawRequest(
  base: string,
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    chunks?: string[];
    agent?: Agent;
    stopWhen?: (text: string) => boolean;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: opts.method ?? "GET",
        headers: opts.headers,
        agent: opts.agent,
      },
      (res) => {
        let body = "";
        const answer = () => ({ status: res.statusCode ?? 0, headers: res.headers, body });
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
          if (opts.stopWhen?.(body)) {
            res.destroy();
            resolve(answer());
          }
        });
        res.on("end", () => resolve(answer()));
      },
    );
    req.on("error", reject);
    for (const chunk of opts.chunks ?? []) req.write(chunk);
    req.end();
  });
}
