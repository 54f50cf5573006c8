import { createHash } from "node:crypto";
import { type AnyProduct, findProduct, type Product } from "@/lib/catalog/products";
import { baseUrlFor } from "@/lib/api/base-url";
import { problem } from "@/lib/api/problem";
import { getDb, type Db } from "@/lib/db/client";
import { type Env, getEnv } from "@/lib/env";
import { findLiveKey, isValidIdempotencyKey } from "@/lib/idempotency/keys";
import { buildRequirements, paymentRequired } from "@/lib/payments/requirements";
import { getResourceServer } from "@/lib/payments/resource-server";
import { quote } from "@/lib/pricing/quote";
import { parseGenerationBody } from "@/lib/requests/parse-generation";
import { isJsonContentType } from "@/lib/requests/content-type";
import { readBodyLimited } from "@/lib/requests/read-body";
import { screenPrompt } from "@/lib/screening/screen-prompt";
import { discoveryExtension } from "@/lib/payments/discovery";
import { paymentIdentifierDeclaration } from "@/lib/idempotency/payment-identifier";
import { signedOffers } from "@/lib/receipts/offers";
import { payAndCreateJob } from "@/lib/generation/pay-and-create-job";
import { requestHash } from "@/lib/generation/request-hash";
import { type Prepared, prepareImageSpec } from "@/lib/generation/prepare-image-spec";
import { atCapacity, challengeResponse, json } from "@/lib/generation/responses";
import { activeJobs } from "@/lib/generation/active-jobs";

/** What the guard around processGenerate learns about a refused request, for the audit log. */
export type RequestNotes = { promptHash?: string; sku?: string; imageIds?: string[] };

/** Steps 2–9 of a generation POST; everything before payment is never charged. */
export async function processGenerate(
  request: Request,
  family: string,
  productName: string,
  notes: RequestNotes,
): Promise<Response> {
  const product = findProduct(family, productName);
  if (!product) return problem("not_found", "No such product.");
  notes.sku = product.sku;
  const env = getEnv();

  if (!isJsonContentType(request.headers.get("content-type"))) {
    return problem(
      "unsupported_media_type",
      "Send the body as JSON with Content-Type: application/json.",
      {
        extra: { errors: [{ field: "Content-Type", message: "must be application/json" }] },
      },
    );
  }
  const bytes = await readBodyLimited(request, env.limits.maxBodyBytes);
  if (bytes === "too_large") {
    return problem(
      "body_too_large",
      `The request body must be at most ${env.limits.maxBodyBytes} bytes.`,
    );
  }
  const parsed =
    product.mode === "image"
      ? await prepareImageSpec(product, bytes, env, notes)
      : await prepareTextSpec(product, bytes, env, notes);
  if (!parsed.ok) return parsed.response;

  const db = await getDb();
  const hash = requestHash(product.sku, parsed.spec);
  const key = request.headers.get("idempotency-key");
  if (key !== null) {
    if (!isValidIdempotencyKey(key)) {
      return problem(
        "invalid_request",
        "Idempotency-Key must be 1–255 printable ASCII characters.",
        {
          extra: { errors: [{ field: "Idempotency-Key", message: "invalid" }] },
        },
      );
    }
    const replay = await replayIdempotent(db, key, hash);
    if (replay) return replay;
  }

  if ((await activeJobs(db, request.headers.has("payment-signature"))) >= env.limits.queueCapacity)
    return atCapacity();

  const amount = quote(product, parsed.spec);
  const server = await getResourceServer();
  const requirements = await buildRequirements(server, env, amount);
  const baseUrl = baseUrlFor(request);
  const resource = resourceInfo(baseUrl, product);
  const signature = request.headers.get("payment-signature");
  if (!signature) {
    return challengeResponse(
      await paymentRequired(server, requirements, resource, "Payment required", {
        ...discoveryExtension(product),
        ...paymentIdentifierDeclaration(),
        ...(await signedOffers(requirements, resource.url, baseUrl)),
      }),
    );
  }
  return payAndCreateJob({
    db,
    env,
    server,
    product,
    spec: parsed.spec,
    amount,
    requirements,
    resource,
    baseUrl,
    signature,
    idempotencyKey: key,
    requestHash: hash,
  });
}

/** Steps 2–3 for a text product: the body, then the prompt's screen. */
async function prepareTextSpec(
  product: Product,
  bytes: Uint8Array,
  env: Env,
  notes: RequestNotes,
): Promise<Prepared> {
  const parsed = parseGenerationBody(product, bytes);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    return {
      ok: false,
      response: problem(
        "invalid_request",
        first ? `${first.field}: ${first.message}` : "Invalid body.",
        { extra: { errors: parsed.errors } },
      ),
    };
  }
  notes.promptHash = createHash("sha256").update(parsed.spec.prompt).digest("hex");
  const verdict = await screenPrompt(parsed.spec.prompt, env.moderation);
  if (!verdict.allowed) {
    return {
      ok: false,
      response: problem("content_policy", verdict.reason, {
        extra: { category: verdict.category },
      }),
    };
  }
  return { ok: true, spec: parsed.spec };
}

async function replayIdempotent(db: Db, key: string, hash: string): Promise<Response | null> {
  const row = await findLiveKey(db, key);
  if (!row) return null;
  if (row.requestHash !== hash) {
    return problem(
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different request body or product.",
    );
  }
  if (row.state !== "completed") {
    return problem(
      "idempotency_key_in_flight",
      "The first request with this Idempotency-Key has not finished; retry in a moment.",
      {
        headers: { "Retry-After": "1" },
      },
    );
  }
  return json(row.response, 200, { "Idempotent-Replayed": "true" });
}

function resourceInfo(base: string, product: AnyProduct) {
  return {
    url: `${base}${product.path}`,
    description: product.description,
    mimeType: "application/json",
  };
}
