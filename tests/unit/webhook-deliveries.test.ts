import assert from "node:assert/strict";
import { test } from "node:test";
import type { Db } from "@/lib/platform/db/client";
import { changeStatus } from "@/lib/jobs/repository";
import { openRefund, refundForJob } from "@/lib/money/refunds/repository";
import { jobView } from "@/lib/notify/job-events/job-view";
import { jobViewSchema } from "@/lib/notify/job-events/job-view-schema";
import { deliverDueWebhooks, type WebhookDriverConfig } from "@/lib/notify/webhooks/deliver-due";
import { webhookAttempts, webhookOnRefundConfirmed } from "@/lib/notify/webhooks/events";
import {
  claimDueDeliveries,
  deliveriesForJob,
  saveEndpoint,
} from "@/lib/notify/webhooks/repository";
import { drainOutbox, payerSequence, queuedJob, tempDbForSuite } from "../helpers/jobs";
import { startWebhookReceiver, verifyStandardWebhook } from "../helpers/webhook-receiver";

/** Deliveries as rows on a real (PGlite) database, sent to a real local receiver. */

let db: Db;
tempDbForSuite((opened) => {
  db = opened.db;
});

const payer = payerSequence(0x500);
const allow = { allowPrivate: true, retryBaseMs: 1 };

/** A local receiver and a new job that calls it back; the receiver is closed after `run`. */
async function withHookedJob(
  failures: number,
  run: (hooked: {
    receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    job: Awaited<ReturnType<typeof queuedJob>>;
    secret: string;
  }) => Promise<void>,
) {
  let secret = "";
  const receiver = await startWebhookReceiver({ failures, secret: () => secret });
  try {
    const job = await queuedJob(db, payer());
    secret = await saveEndpoint(db, job.id, receiver.url);
    await run({ receiver, job, secret });
  } finally {
    await receiver.close();
  }
}

async function drain(config: WebhookDriverConfig = allow, rounds = 10) {
  for (let i = 0; i < rounds; i++) {
    await deliverDueWebhooks(db, config, new Date(Date.now() + 1_000));
  }
}

test("a receiver failing twice then answering 200 gets one accepted, signed delivery per event", async () => {
  await withHookedJob(2, async ({ receiver, job, secret }) => {
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    await changeStatus(db, job.id, "queued", "failed", {
      error: { code: "upstream_failed", message: "every upstream failed", retryable: false },
    });
    await drainOutbox(db);
    await openRefund(db, job, "generation failed", false);
    const refund = await refundForJob(db, job.id);
    assert.ok(refund);
    await webhookOnRefundConfirmed(db, refund, "0xabc");

    await drain();

    assert.equal(receiver.received.length, 6, "three attempts for each of two events");
    assert.ok(
      receiver.received.every((r) => r.verified),
      "every signature verifies",
    );
    const accepted = receiver.accepted();
    assert.deepEqual(accepted.map((r) => JSON.parse(r.body).type).sort(), [
      "job.failed",
      "refund.confirmed",
    ]);
    assert.equal(new Set(accepted.map((r) => r.id)).size, 2, "one accepted delivery per event");
    const failed = JSON.parse(accepted.find((r) => r.body.includes("job.failed"))?.body ?? "{}");
    assert.equal(failed.data.job_id, job.id);
    assert.equal(failed.data.status, "failed");

    const shown = await webhookAttempts(db, job.id);
    assert.deepEqual(
      shown.map((w) => [w.event, w.status, w.attempts, w.last_status_code]),
      [
        ["job.failed", "delivered", 3, 200],
        ["refund.confirmed", "delivered", 3, 200],
      ],
    );
    await drain(allow, 3);
    assert.equal(receiver.received.length, 6, "nothing is sent again after a 2xx");
  });
});

test("the spec-derived verifier refuses a tampered body or another secret", async () => {
  await withHookedJob(0, async ({ receiver, job, secret }) => {
    await changeStatus(db, job.id, "queued", "cancelled");
    await drainOutbox(db);
    await drain(allow, 1);
    const [got] = receiver.received;
    assert.ok(got?.verified);
    const { Webhook } = await import("standardwebhooks");
    const sig = new Webhook(secret).sign(got.id, new Date(Number(got.timestamp) * 1000), got.body);
    const headers = { id: got.id, timestamp: got.timestamp, signature: sig };
    assert.equal(verifyStandardWebhook(secret, headers, got.body), true);
    assert.equal(verifyStandardWebhook(secret, headers, `${got.body} `), false);
    const other = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    assert.equal(verifyStandardWebhook(other, headers, got.body), false);
  });
});

test("a job without a callback queues nothing; a terminal change with one queues once", async () => {
  const plain = await queuedJob(db, payer());
  await changeStatus(db, plain.id, "queued", "cancelled");
  await drainOutbox(db);
  assert.equal((await deliveriesForJob(db, plain.id)).length, 0);
  const hooked = await queuedJob(db, payer());
  await saveEndpoint(db, hooked.id, "https://hooks.example.com/x");
  await changeStatus(db, hooked.id, "queued", "generating");
  await drainOutbox(db);
  assert.equal((await deliveriesForJob(db, hooked.id)).length, 0, "not terminal yet");
  await changeStatus(db, hooked.id, "generating", "succeeded");
  await drainOutbox(db);
  assert.equal((await deliveriesForJob(db, hooked.id)).length, 1);
});

test("a claimed delivery is not claimed again while its lease runs", async () => {
  const job = await queuedJob(db, payer());
  await saveEndpoint(db, job.id, "https://hooks.example.com/y");
  await changeStatus(db, job.id, "queued", "cancelled");
  await drainOutbox(db);
  const later = new Date(Date.now() + 1_000);
  const first = await claimDueDeliveries(db, later, 60_000, 100);
  assert.ok(first.some((d) => d.jobId === job.id));
  const second = await claimDueDeliveries(db, later, 60_000, 100);
  assert.equal(
    second.some((d) => d.jobId === job.id),
    false,
  );
  const afterLease = await claimDueDeliveries(db, new Date(later.getTime() + 61_000), 60_000, 100);
  assert.ok(
    afterLease.some((d) => d.jobId === job.id),
    "a dead sender's claim runs out",
  );
});

test("without the operator's allowance a loopback callback is never called", async () => {
  await withHookedJob(0, async ({ receiver, job }) => {
    await changeStatus(db, job.id, "queued", "cancelled");
    await drainOutbox(db);
    await drain({ allowPrivate: false, retryBaseMs: 1 }, 3);
    assert.equal(receiver.received.length, 0);
    const [row] = await deliveriesForJob(db, job.id);
    assert.match(row?.lastError ?? "", /refused: it must use https/);
  });
});

test("a job event carries the job view, made once: every retry of one webhook-id sends one body", async () => {
  await withHookedJob(1, async ({ receiver, job }) => {
    await changeStatus(db, job.id, "queued", "failed", {
      error: { code: "upstream_failed", message: "every upstream failed", retryable: false },
    });
    const ctx = {
      sign: () => "https://example.com/v",
      baseUrl: "http://127.0.0.1",
      activeJobsPerWallet: 1,
    };
    await drain({ ...allow, jobView: (id) => jobView(db, id, ctx) }, 3);

    assert.equal(receiver.received.length, 2, "one failure, then the accepted attempt");
    assert.equal(
      receiver.received[0]?.body,
      receiver.received[1]?.body,
      "the same body both times",
    );
    const payload = JSON.parse(receiver.accepted()[0]?.body ?? "{}");
    assert.equal(payload.type, "job.failed");
    const shown = jobViewSchema.parse(payload.data);
    assert.equal(shown.job_id, job.id);
    assert.equal(shown.status, "failed");
    assert.equal(shown.error?.code, "upstream_failed");
    assert.equal(shown.request.prompt, job.spec.prompt);
    assert.equal(payload.data.status_url, `/jobs/${job.id}`);
  });
});
