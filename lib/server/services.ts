import "server-only";
import { DeliveryLane, jobView, jobViewContext, startJobEventHub } from "@/lib/notify";
import {
  createAuditQueues,
  createLimitStore,
  createSecrets,
  type Env,
  FreeEndpointGuard,
  getEnv,
  openDb,
  startOutboxDispatcher,
} from "@/lib/platform";
import { devnetFaultHooks } from "@/lib/devnet";
import { createFacilitatorReadiness } from "@/lib/ops";
import { createImageScreener, createVideoStore, ScreenPool } from "@/lib/media";
import { createVideoScreener, providersFromEnv } from "@/lib/jobs";
import {
  createChainHeads,
  createOperatorWallets,
  createResourceServer,
  facilitatorClient,
  receiptKeyFromSecret,
} from "@/lib/money";
import { beforeExitHooks } from "@/lib/server/before-exit";
import { processHolder } from "@/lib/server/holder";
import { lazy, retrying } from "@/lib/server/lazy";
import type { MaintenanceDeps } from "@/lib/server/workflow/maintenance";
import { outboxHandlers } from "@/lib/server/workflow/outbox-handlers";
import { createEngineWaker } from "@/lib/server/workflow/wake";

export type Services = ReturnType<typeof buildServices>;

/**
 * The composition root: every service a process uses, built once from the configuration and
 * handed to the routes, scripts and engines, which pass each one down to the code that needs it.
 * Services are made on first use, so a script that only reads the database opens nothing else.
 */
export function services(): Services {
  processHolder.services ??= buildServices(getEnv());
  return processHolder.services;
}

/** A fresh set of services for `config`; the process's own set is services(). Opens nothing until used. */
export function buildServices(config: Env) {
  const beforeExit = beforeExitHooks();
  // Installed only on the devnet (parseEnv refuses DEVNET_FAULTS elsewhere).
  const faults =
    config.devnet && config.devnetFaults.size > 0 ? devnetFaultHooks(config.devnetFaults) : null;
  const opened = retrying(() =>
    openDb(config.databaseUrl, config.dataDir, config.migrationDatabaseUrl),
  );
  /** The database, migrated before first use. */
  const db = () => opened().then((o) => o.db);
  const secrets = createSecrets(config);
  const videoStore = lazy(() => createVideoStore(config, secrets("video-url")));
  const wallets = createOperatorWallets(config);
  const heads = createChainHeads();
  // Worker threads that screen images, each holding its own models: one pool per process.
  const screenPool = lazy(() => new ScreenPool(config.imageScreening));
  const screenImage = lazy(() => createImageScreener(screenPool()));
  /** What every surface's job view needs: signed links, the origin, the wallet slots. */
  const viewContext = lazy(() => jobViewContext(config, videoStore()));
  const resourceServer = retrying(() =>
    createResourceServer(
      config,
      facilitatorClient(config, { wallets, heads, decorate: faults?.decorateFacilitator }),
    ),
  );
  return {
    config,
    beforeExit,
    secrets,
    db,
    videoStore,
    screenPool,
    /** Screens input images (uploads, image-to-video requests) on the process's pool. */
    screenImage,
    /** The configured upstreams, in failover order; frame images are read from the store. */
    providers: lazy(() => providersFromEnv(config, videoStore())),
    /** Screens delivered videos' frames on the same pool. */
    videoScreener: lazy(() => createVideoScreener({ screenImage: screenImage() })),
    /** What taking in an input image needs (see lib/media/images). */
    images: () => ({ store: videoStore(), screenImage: screenImage() }),
    limitStore: retrying(() => createLimitStore(config, db, beforeExit.on)),
    /** The routes' guard of the free endpoints (job polls, event streams), in this process's memory. */
    freeGuard: lazy(() => new FreeEndpointGuard(config.limits.free)),
    /** Refusal records, written in groups after their answers (and at shutdown). */
    auditQueues: createAuditQueues(beforeExit.on),
    /** GET /readyz's facilitator check, its verdict kept a few seconds. */
    facilitatorReadiness: createFacilitatorReadiness(),
    /** The Ed25519 key that signs offers and receipts (published in the DID document). */
    receiptKey: lazy(() => receiptKeyFromSecret(secrets("receipt-signing"))),
    /** The facilitator's and the refunds' wallets, one nonce queue per key and chain. */
    wallets,
    /** The highest block seen per chain, shared by the facilitator and the reconciler. */
    heads,
    /** The x402 resource server for every accepted network, initialised against its facilitator. */
    resourceServer,
    /** Routes wake the engine the start-up hook registered. */
    waker: createEngineWaker(),
    /** The hub that wakes event streams, and its one listening connection. */
    jobEventHub: retrying(async () => startJobEventHub(config, await db())),
    jobViewContext: viewContext,
    /** Webhook deliveries, in a lane of their own; a job event carries the job as GET shows it. */
    webhookLane: retrying(async () => {
      const database = await db();
      return new DeliveryLane(database, {
        ...config.webhooks,
        jobView: (jobId) => jobView(database, jobId, viewContext()),
      });
    }),
    /** This process's outbox dispatcher: carries out what committed transactions left to do. */
    outbox: retrying(async () => {
      const dispatcher = await startOutboxDispatcher(
        await db(),
        config.databaseUrl,
        outboxHandlers(),
      );
      // A clean shutdown lets the pass under way commit; what is left waits for the next process.
      beforeExit.on("outbox", () => dispatcher.stop());
      return dispatcher;
    }),
    /** Hooks the refund driver calls between its steps (DEVNET_FAULTS only). */
    refundFaults: faults?.refundFaults,
    /** The audit checkpoint's state, kept for the life of the process. */
    auditCheckpoint: lazy(
      (): NonNullable<MaintenanceDeps["audit"]> => ({ secret: secrets("audit-chain"), state: {} }),
    ),
  };
}
