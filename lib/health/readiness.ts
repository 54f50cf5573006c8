import "server-only";
import { describeError } from "@/lib/api/describe-error";
import { getDb } from "@/lib/db/client";
import { pendingMigrationsIn } from "@/lib/db/migrations";
import { checkFacilitator } from "@/lib/doctor/check-facilitator";
import { type Env, getEnv } from "@/lib/env";

/** One reason a load balancer should send this instance no traffic; public, so names no host or secret. */
export type NotReady = { check: "database" | "migrations" | "facilitator"; reason: string };

// A probe that waits longer than the balancer's own check interval says nothing useful.
const DATABASE_TIMEOUT_MS = 2_000;
// Balancers probe every few seconds per instance; the facilitator need not hear each probe.
const FACILITATOR_CACHE_MS = 5_000;
const FACILITATOR_TIMEOUT_MS = 3_000;

/** GET /readyz: database reachable and migrated, facilitator reachable when it is a remote one. */
export async function readiness(): Promise<{ ready: boolean; failures: NotReady[] }> {
  const failures = [...(await databaseReadiness()), ...(await facilitatorReadiness(getEnv()))];
  return { ready: failures.length === 0, failures };
}

async function databaseReadiness(): Promise<NotReady[]> {
  try {
    const pending = await withTimeout(
      getDb().then((db) => pendingMigrationsIn(db)),
      DATABASE_TIMEOUT_MS,
    );
    return pending.length
      ? [
          {
            check: "migrations",
            reason: `${pending.length} migration(s) not applied: ${pending.join(", ")}`,
          },
        ]
      : [];
  } catch (error) {
    console.error(`[reel402] readiness: database unreachable: ${describeError(error)}`);
    return [{ check: "database", reason: "database unreachable" }];
  }
}

const holder = globalThis as unknown as {
  __reel402FacilitatorReady?: Map<string, { at: number; failure: NotReady | null }>;
};

/** The facilitator's part of readiness, its verdict kept a few seconds per facilitator URL. */
export async function facilitatorReadiness(env: Env): Promise<NotReady[]> {
  if (env.facilitator.kind === "local") return [];
  holder.__reel402FacilitatorReady ??= new Map();
  const cache = holder.__reel402FacilitatorReady;
  const cached = cache.get(env.facilitator.url);
  if (cached && Date.now() - cached.at < FACILITATOR_CACHE_MS)
    return cached.failure ? [cached.failure] : [];
  // The doctor's check: /supported answers and lists x402 v2 exact on our network.
  const result = await withTimeout(checkFacilitator(env), FACILITATOR_TIMEOUT_MS).catch(() => ({
    status: "fail" as const,
    detail: `no answer within ${FACILITATOR_TIMEOUT_MS} ms`,
  }));
  if (result.status === "fail")
    console.error(`[reel402] readiness: facilitator check failed: ${result.detail}`);
  const failure: NotReady | null =
    result.status === "fail"
      ? { check: "facilitator", reason: "facilitator unreachable or not supporting our network" }
      : null;
  cache.set(env.facilitator.url, { at: Date.now(), failure });
  return failure ? [failure] : [];
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
