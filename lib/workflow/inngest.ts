import "server-only";
import type { Inngest } from "inngest";
import { getEnv } from "@/lib/env";
import {
  createGenerateVideoFunction,
  createInngestClient,
  createMaintenanceFunction,
  JOB_QUEUED,
} from "@/lib/workflow/inngest-functions";
import { runMaintenance } from "@/lib/workflow/maintenance";
import { maintenanceDepsFromEnv } from "@/lib/workflow/start-engine";
import { registerWaker } from "@/lib/workflow/wake";
import { startOutbox } from "@/lib/workflow/outbox-handlers";
import { getDb } from "@/lib/db/client";

const holder = globalThis as unknown as {
  __reel402Inngest?: { client: Inngest; functions: unknown[] };
};

export function getInngest() {
  if (!holder.__reel402Inngest) {
    const client = createInngestClient();
    holder.__reel402Inngest = {
      client,
      functions: [
        createGenerateVideoFunction(client, getEnv().limits.activeJobsPerWallet),
        createMaintenanceFunction(client, async () =>
          runMaintenance(await maintenanceDepsFromEnv()),
        ),
      ],
    };
  }
  return holder.__reel402Inngest;
}

/** With JOB_ENGINE=inngest, a settled job becomes an Inngest event. */
export function startInngestEngine(): void {
  const { client } = getInngest();
  // Each server process also carries out the outbox: its writes' effects wake it at commit.
  void getDb().then(startOutbox);
  registerWaker(async (job) => {
    await client.send(JOB_QUEUED.create({ jobId: job.id, payer: job.payer }));
  });
}
