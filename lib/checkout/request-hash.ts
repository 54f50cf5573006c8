import { createHash } from "node:crypto";
import type { GenerationSpec } from "@/lib/catalog";

/** Identity of a request for Idempotency-Key matching: same product and same defaulted spec. */
export function requestHash(sku: string, spec: GenerationSpec): string {
  const fields: unknown[] = [
    sku,
    spec.model,
    spec.prompt,
    spec.durationSeconds,
    spec.resolution,
    spec.ratio,
    spec.seed,
    spec.generateAudio,
    spec.cameraFixed,
  ];
  // Image ids are hashes of the pixels, so a payment for one picture cannot pay for another.
  // Text specs keep their original shape (and hash).
  if (spec.images) fields.push(spec.images.first.id, spec.images.last?.id ?? null);
  const canonical = JSON.stringify(fields);
  return createHash("sha256").update(canonical).digest("hex");
}
