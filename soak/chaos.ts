import type { Cluster } from "./cluster";
import { sleep } from "./load";

export type ChaosLog = {
  kills: { at: number; instance: string; downMs: number }[];
  startedAt: number;
  endedAt: number | null;
};

/**
 * Every few seconds SIGKILLs a random running instance and starts it again; one instance is down
 * at most at a time, so the balancer always has somewhere to send traffic. Stops after `kills`.
 */
export async function runChaos(
  cluster: Cluster,
  opts: { kills: number; everyMs: [number, number]; stop: () => boolean },
): Promise<ChaosLog> {
  const log: ChaosLog = { kills: [], startedAt: Date.now(), endedAt: null };
  for (let k = 0; k < opts.kills && !opts.stop(); k++) {
    await sleep(opts.everyMs[0] + Math.random() * (opts.everyMs[1] - opts.everyMs[0]));
    const up = cluster.instances.filter((i) => i.server);
    const victim = up[Math.floor(Math.random() * up.length)];
    if (!victim) break;
    const at = Date.now();
    await cluster.kill(victim);
    await sleep(500);
    await cluster.start(victim);
    log.kills.push({ at, instance: victim.name, downMs: Date.now() - at });
  }
  log.endedAt = Date.now();
  return log;
}
