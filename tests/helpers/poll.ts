export type JobBody = {
  job_id: string;
  status: string;
  attempts: number;
  video_url: string | null;
  video_expires_at: string | null;
  seed: number | null;
  frames_per_second: number | null;
  error: { code: string; message: string; retryable: boolean } | null;
};

/** Polls GET /jobs/{id} until the job is finished (or the deadline passes). */
export async function waitForJob(
  baseUrl: string,
  id: string,
  timeoutMs = 90_000,
): Promise<JobBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await fetch(`${baseUrl}/jobs/${id}`)).json()) as JobBody;
    if (["succeeded", "failed", "cancelled"].includes(body.status)) return body;
    if (Date.now() > deadline)
      throw new Error(`job ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
