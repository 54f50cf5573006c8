// The part of autocannon's API the HTTP bench uses (the package ships no types).
declare module "autocannon" {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
  };
  type Stats = { average: number; p50: number; p99: number };
  type Result = {
    requests: Stats & { total: number };
    latency: Stats;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    requests: Request[];
  }): Promise<Result>;
}
