import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { type CheckResult, fail, ok, reason } from "@/lib/ops/doctor/check-result";
import { type Env, namedSecret } from "@/lib/platform";
import { createVideoStore } from "@/lib/media";

/** Writes, links and removes one small probe object: the only thing the doctor leaves a trace of, briefly. */
export async function checkStorage(env: Env): Promise<CheckResult> {
  const store = createVideoStore(env, namedSecret("video-url"));
  const key = `doctor-probe-${randomUUID()}`;
  try {
    const { size } = await store.put(
      key,
      Readable.from([Buffer.from("reel402 doctor probe\n")]),
      "text/plain",
    );
    await store.signedUrl(
      key,
      new Date(Date.now() + 60_000),
      env.publicBaseUrl ?? "http://localhost",
    );
    await store.remove(key);
    return ok("storage", `${store.driver}: wrote, linked and removed a ${size}-byte probe`);
  } catch (error) {
    await store.remove(key).catch(() => {});
    return fail("storage", `${store.driver} is not writable: ${reason(error)}`);
  }
}
