import "server-only";
import { type Db, describeError, type Env, pendingMigrationsIn } from "@/lib/platform";
import { checkFacilitator } from "@/lib/ops/doctor/check-facilitator";

/** One reason a load balancer should send this instance no traffic; public, so names no host or secret. */
export type NotReady = { check: "database" | "migrations" | "facilitator"; reason: string };

// A probe that waits longer than the balancer's own check interval says nothing useful.
const DATABASE_TIMEOUT_MS = 2_000;
// Balancers probe every few seconds per instance; the facilitator need not hear each probe.
const FACILITATOR_CACHE_MS = 5_000;
const FACILITATOR_TIMEOUT_MS = 3_000;

/** The facilitator's part of readiness (see createFacilitatorReadiness). */
export type FacilitatorReadiness = (env: Env) => Promise<NotReady[]>;

/** GET /readyz: database reachable and migrated, facilitator reachable when it is a remote one. */
export async function readiness(
  db: () => Promise<Db>,
  env: Env,
  facilitatorReadiness: FacilitatorReadiness,
): Promise<{ ready: boolean; failures: NotReady[] }> {
  const failures = [...(await databaseReadiness(db)), ...(await facilitatorReadiness(env))];
  return { ready: failures.length === 0, failures };
}

async function databaseReadiness(db: () => Promise<Db>): Promise<NotReady[]> {
  try {
    const pending = await withTimeout(
      db().then((opened) => pendingMigrationsIn(opened)),
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

/** The facilitator's part of readiness, its verdict kept a few seconds per facilitator URL. */
export function createFacilitatorReadiness(): FacilitatorReadiness {
  const cache = new Map<string, { at: number; failure: NotReady | null }>();
  return (env) => facilitatorVerdict(env, cache);
}

async function facilitatorVerdict(
  env: Env,
  cache: Map<string, { at: number; failure: NotReady | null }>,
): Promise<NotReady[]> {
  if (env.facilitator.kind === "local") return [];
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
