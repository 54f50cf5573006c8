import { type Db, type Env, listenChannel } from "@/lib/platform";
import { JOB_EVENTS_CHANNEL } from "@/lib/jobs";

type Wake = () => void;

/**
 * Routes "job X changed" from the process's one listening connection to the streams watching X.
 * `wakeAll` follows a reconnect: announcements sent while the listener was down are lost, so
 * every watched job is looked at again.
 */
export class JobEventHub {
  private readonly watchers = new Map<string, Set<Wake>>();

  watch(jobId: string, wake: Wake): () => void {
    const set = this.watchers.get(jobId) ?? new Set<Wake>();
    set.add(wake);
    this.watchers.set(jobId, set);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.watchers.delete(jobId);
    };
  }

  wake(jobId: string): void {
    for (const wake of this.watchers.get(jobId) ?? []) wake();
  }

  wakeAll(): void {
    for (const id of this.watchers.keys()) this.wake(id);
  }
}

const wakesOf = (hub: JobEventHub) => ({
  onMessage: (id: string) => hub.wake(id),
  onReconnect: () => hub.wakeAll(),
});

/** Where announcements come from, per set-up; each reconnects on its own and calls wakeAll then. */
export async function listenForJobEvents(
  env: Pick<Env, "redisUrl" | "databaseUrl">,
  db: Db,
  hub: JobEventHub,
): Promise<() => Promise<void>> {
  if (env.redisUrl) {
    const { Redis } = await import("ioredis");
    const sub = new Redis(env.redisUrl, { connectTimeout: 2_000 });
    sub.on("error", (error: Error) => console.warn(`[job-events] redis: ${error.message}`));
    sub.on("message", (_channel: string, id: string) => hub.wake(id));
    sub.on("ready", () => hub.wakeAll());
    await sub.subscribe(JOB_EVENTS_CHANNEL);
    return async () => void sub.disconnect();
  }
  const stop = await listenChannel(db, env.databaseUrl, JOB_EVENTS_CHANNEL, wakesOf(hub));
  if (stop) return stop;
  // Neon's serverless driver holds no session to LISTEN on: watched jobs are looked at each second.
  const timer = setInterval(() => hub.wakeAll(), 1_000);
  return async () => clearInterval(timer);
}

/** PGlite is this process's own database: its NOTIFY reaches this process only, on commit. */
export async function listenOnPglite(db: Db, hub: JobEventHub): Promise<() => Promise<void>> {
  const stop = await listenChannel(db, undefined, JOB_EVENTS_CHANNEL, wakesOf(hub));
  if (!stop) throw new Error("PGlite always listens");
  return stop;
}

/** A hub and its listening connection: one per process, started by the first stream (the root's). */
export async function startJobEventHub(
  env: Pick<Env, "redisUrl" | "databaseUrl">,
  db: Db,
): Promise<JobEventHub> {
  const hub = new JobEventHub();
  await listenForJobEvents(env, db, hub);
  return hub;
}
