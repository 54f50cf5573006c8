import { z } from "zod";
import { type AreaContext, int, type Vars } from "@/lib/platform/config/fields";

/** Which engine runs jobs, and how long a generation may take, how often it is polled and kept. */
export const engineVariables = {
  JOB_ENGINE: z.enum(["embedded", "inngest"]).default("embedded"),
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().optional(),
  ATTEMPT_DEADLINE_SECONDS: int(900, 1),
  POLL_INTERVAL_MS: int(2_000, 10),
  VIDEO_TTL_HOURS: int(24, 1),
};

export function engineConfig(e: Vars<typeof engineVariables>, { devnet, problems }: AreaContext) {
  if (e.JOB_ENGINE === "inngest" && !devnet && !(e.INNGEST_EVENT_KEY && e.INNGEST_SIGNING_KEY))
    problems.push("INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY are required when JOB_ENGINE=inngest");
  return {
    jobEngine: e.JOB_ENGINE,
    inngest: {
      eventKey: e.INNGEST_EVENT_KEY,
      signingKey: e.INNGEST_SIGNING_KEY,
      dev: e.INNGEST_DEV,
    },
    generation: {
      maxAttempts: 3,
      attemptDeadlineMs: e.ATTEMPT_DEADLINE_SECONDS * 1000,
      pollIntervalMs: e.POLL_INTERVAL_MS,
      videoTtlMs: e.VIDEO_TTL_HOURS * 3_600_000,
    },
  };
}
