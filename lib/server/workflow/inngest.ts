import "server-only";
import { processHolder } from "@/lib/server/holder";
import { describeError } from "@/lib/platform";
import { attemptOutlastMs } from "@/lib/jobs";
import { services } from "@/lib/server/services";
import {
  createGenerateVideoFunction,
  createInngestClient,
  createMaintenanceFunction,
  JOB_QUEUED,
  UPSTREAM_CALLBACK,
} from "@/lib/server/workflow/inngest-functions";
import { runMaintenance } from "@/lib/server/workflow/maintenance";
import { maintenanceDeps } from "@/lib/server/workflow/start-engine";

/** The Inngest client and its functions, made once per process. */
export function getInngest() {
  processHolder.inngest ??= (() => {
    const client = createInngestClient();
    return {
      client,
      functions: [
        createGenerateVideoFunction(client, {
          walletLimit: services().config.limits.activeJobsPerWallet,
          generation: {
            ...services().config.generation,
            attemptOutlastMs: Math.max(
              ...services()
                .providers()
                .map((p) => attemptOutlastMs(services().config.generation, p)),
            ),
          },
        }),
        createMaintenanceFunction(client, async () => runMaintenance(await maintenanceDeps())),
      ],
    };
  })();
  return processHolder.inngest;
}

/** With JOB_ENGINE=inngest, a settled job becomes an Inngest event. */
export function startInngestEngine(): void {
  const { client } = getInngest();
  // Each server process also carries out the outbox: its writes' effects wake it at commit. A
  // dispatcher that cannot start (database away) is logged, not thrown at the process; the rows wait.
  services()
    .outbox()
    .catch((error: unknown) =>
      console.error(`[reel402] outbox dispatcher not started: ${describeError(error)}`),
    );
  services().waker.register(
    async (job) => {
      await client.send(JOB_QUEUED.create({ jobId: job.id, payer: job.payer }));
    },
    // Ends the wait of the job's run, if one is waiting; an event nobody waits for is dropped.
    async (jobId) => {
      await client.send(UPSTREAM_CALLBACK.create({ jobId }));
    },
  );
}
