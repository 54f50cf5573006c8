import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeAnnouncer, announceJobChange } from "@/lib/jobs/job-announcement";
import { getEnv } from "@/lib/platform/env";
import { JobEventHub, listenForJobEvents } from "@/lib/notify/job-events/hub";
import { tempDb } from "../helpers/jobs";

// Read once by getEnv: this file's processes announce and listen through Redis.
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/0";

const opened: Awaited<ReturnType<typeof tempDb>>[] = [];
after(async () => {
  await closeAnnouncer();
  for (const o of opened) await o.close();
});

test("with REDIS_URL a change announced by one process wakes the watchers of another", async () => {
  const db = await tempDb();
  opened.push(db);
  // Two hubs on two Redis subscriber connections stand for two server processes.
  const hubs = [new JobEventHub(), new JobEventHub()];
  const stops = await Promise.all(hubs.map((hub) => listenForJobEvents(getEnv(), db.db, hub)));
  try {
    const id = crypto.randomUUID();
    const other = crypto.randomUUID();
    const woken: string[] = [];
    const arrived = Promise.all(
      hubs.map(
        (hub, i) =>
          new Promise<void>((resolve) => {
            hub.watch(id, () => {
              woken.push(`hub${i}`);
              resolve();
            });
            hub.watch(other, () => woken.push(`other${i}`));
          }),
      ),
    );
    // Announced on another database: its NOTIFY reaches no hub here, only Redis can carry it.
    const elsewhere = await tempDb();
    opened.push(elsewhere);
    await announceJobChange(elsewhere.db, id);
    await arrived;
    assert.deepEqual(woken.sort(), ["hub0", "hub1"], "each watcher once, nobody else");
  } finally {
    for (const stop of stops) await stop();
  }
});
