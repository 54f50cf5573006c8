import { createHash } from "node:crypto";
import type { GenerationSpec } from "@/lib/providers/types";

/** Identity of a request for Idempotency-Key matching: same product and same defaulted spec. */
export function requestHash(sku: string, spec: GenerationSpec): string {
  const canonical = JSON.stringify([sku, spec.model, spec.prompt, spec.durationSeconds, spec.resolution, spec.ratio, spec.seed, spec.generateAudio, spec.cameraFixed]);
  return createHash("sha256").update(canonical).digest("hex");
}
