import { type Env, getEnv, PROBLEM_CATALOG } from "@/lib/platform";
import { mcpLlmsLine } from "@/lib/http/mcp/mcp-facts";
import { CAMERA_FIXED_NOTE } from "@/lib/catalog";
import { JOB_STATUSES } from "@/lib/jobs";
import { customPricing, fixedPrices, imagePricing } from "@/lib/http/storefront/display-prices";
import { IMAGE_POLICY, UPLOAD_FACTS } from "@/lib/http/storefront/image-facts";
import {
  CONTENT_POLICY,
  FREE_ENDPOINTS,
  IDEMPOTENCY_CHOICE,
  RECEIPT_FACTS,
  networkName,
  SERVICE_DESCRIPTION,
  SERVICE_NAME,
} from "@/lib/http/storefront/service-info";

/** GET /llms.txt: everything an agent needs to pay and succeed on the first try (llmstxt.org). */
export function buildLlmsTxt(baseUrl: string): string {
  const env = getEnv();
  const l = env.limits;
  const fixed = fixedPrices()
    .map(
      ({ product: p, priceUsd }) =>
        `- [POST ${p.path}](${baseUrl}${p.path}): ${p.description} Fixed price ${priceUsd} USDC. Body: {"prompt": string ≤2000 chars, "ratio"?: one of 16:9 (default), 4:3, 1:1, 3:4, 9:16, 21:9, adaptive}.`,
    )
    .join("\n");
  const custom = customPricing()
    .map(
      (c) =>
        `- [POST ${c.product.path}](${baseUrl}${c.product.path}): ${c.product.description} Price = per-second rate × duration × (generate_audio ? ${c.audioMultiplier} : 1) + ${c.fixedFeeUsd}, rounded up to the cent; rates ${Object.entries(
          c.ratesUsdPerSecond,
        )
          .map(([r, v]) => `${r} ${v}`)
          .join(
            ", ",
          )} USDC/s; range ${c.minUsd}–${c.maxUsd} USDC. Body: {"prompt", "duration"?: 4–15 (default 5), "resolution"?: ${c.product.resolutions.join("|")} (default 720p), "ratio"?: (default adaptive), "seed"?: -1…4294967295, "generate_audio"?: boolean, "camera_fixed"?: boolean (${CAMERA_FIXED_NOTE})}.`,
    )
    .join("\n");
  const animate = imagePricing()
    .map(
      (c) =>
        `- [POST ${c.product.path}](${baseUrl}${c.product.path}): ${c.product.description} Same per-second book as the custom products: rates ${Object.entries(
          c.ratesUsdPerSecond,
        )
          .map(([r, v]) => `${r} ${v}`)
          .join(
            ", ",
          )} USDC/s, × ${c.audioMultiplier} with generate_audio, rounded up to the cent; range ${c.minUsd}–${c.maxUsd} USDC. Body: {"image": upload id or https URL, "last_image"?: upload id or https URL, "prompt"?: ≤2000 chars, "duration"?: 4–15 (default 5), "resolution"?: ${c.product.resolutions.join("|")} (default 720p), "ratio"?: (default adaptive: the supported ratio nearest the image's), "seed"?, "generate_audio"?, "camera_fixed"? (as above)}.`,
    )
    .join("\n");
  const free = FREE_ENDPOINTS.map(
    (e) =>
      `- [${e.method} ${e.path}](${baseUrl}${e.path.replace("{id}", "JOB_ID")}): ${e.description}`,
  ).join("\n");
  const errors = Object.entries(PROBLEM_CATALOG)
    .map(([code, p]) => `- ${p.status} \`${code}\`: ${p.title}.`)
    .join("\n");

  return `# ${SERVICE_NAME}

> ${SERVICE_DESCRIPTION}

Payments are x402 version 2, scheme \`exact\`, in USDC on ${networkName(env.network)} (\`${env.network}\`), asset \`${env.asset.address}\` (EIP-712 domain name "${env.asset.name}", version "${env.asset.version}"), paid to \`${env.payTo}\`.${alsoAccepted(env)} All amounts below are USDC. Prompts are screened before any payment: a rejected request is never charged.

## How to pay (step by step)

1. POST a JSON body to a generation endpoint without payment. You get HTTP 402; the \`PAYMENT-REQUIRED\` header (base64 JSON) and the JSON body both hold the PaymentRequired object with \`accepts[0].amount\` in atomic units (6 decimals): the exact price of THIS body.
2. Sign an EIP-3009 \`TransferWithAuthorization\` for exactly that requirement (any x402 v2 client does this) and repeat the SAME request with the signature in the \`PAYMENT-SIGNATURE\` header. A signature made for another body does not match and is refused.
3. The paid response is 200 \`{"job_id", "status": "queued", "status_url": "/jobs/{id}"}\` with the settlement receipt in the \`PAYMENT-RESPONSE\` header. (202 with status \`pending_settlement\` means the settlement is being confirmed on chain; keep polling.)
4. Poll \`GET /jobs/{id}\` (free) every few seconds until \`status\` is \`succeeded\` (then download \`video_url\`, an MP4, within about 24 hours) or \`failed\` (see \`error\`). Or follow \`GET /jobs/{id}/events\` (Server-Sent Events: \`status\`, \`attempt\`, \`progress\`, then the final \`job\`; resume with \`Last-Event-ID\`). The job shows \`progress\` (phase, queue position, ETA, attempt history) and \`payment\` (amount, settlement transaction).

Send an \`Idempotency-Key\` header (any unique string up to 255 printable characters) on every POST: repeating a completed request with the same key, paid by the same wallet (the same signed payment or a new signature), returns the original job with no second charge for ${l.idempotencyKeyTtlSeconds / 3600} hours; the same key with another body gets 422; a key still in progress gets 409. A key belongs to its payer: unpaid, it gets the usual 402; another wallet using it makes its own request.

Webhooks instead of polling: add a \`Webhook-URL: https://…\` header to the paid POST. A URL that is not https, carries credentials or points to a private, loopback or link-local address gets 403 \`webhook_url_refused\` before any payment. The paid answer then includes \`webhook_secret\` (\`whsec_…\`) once (an Idempotency-Key replay omits it). Deliveries follow Standard Webhooks (headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`; body \`{"type", "timestamp", "data"}\`) for \`job.succeeded\`, \`job.failed\`, \`job.cancelled\` and \`refund.confirmed\`; verify them with any Standard Webhooks library and deduplicate on \`webhook-id\`. Anything but a 2xx is retried with backoff for 24 hours; \`GET /jobs/{id}\` lists the attempts under \`webhooks\`.

Worked example with the official x402 client (TypeScript, \`npm i @x402/fetch @x402/evm viem\`):

\`\`\`ts
import { x402Client, wrapFetchWithPayment } from "@x402/fetch";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { toClientEvmSigner } from "@x402/evm";
import { privateKeyToAccount } from "viem/accounts";

const client = new x402Client();
registerExactEvmScheme(client, { signer: toClientEvmSigner(privateKeyToAccount(process.env.PRIVATE_KEY)), networks: [${env.networks.map((n) => `"${n.network}"`).join(", ")}] });
// Stock clients refuse to pay more than $1 per request: raise the cap for clips above $1.${env.devnet ? "\n// The devnet's test USDC is not a known asset, so allow it explicitly." : ""}
client.setSpendControls({ maxAmountPerPayment: "$10"${env.devnet ? ", allowedAssets: true" : ""} });
const pay = wrapFetchWithPayment(fetch, client);

const res = await pay("${baseUrl}/generate/alpha-fast/custom", {
  method: "POST",
  headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
  body: JSON.stringify({ prompt: "A red fox trotting through fresh snow at dawn", duration: 5, resolution: "720p" }),
});
const { job_id } = await res.json();
let job;
do {
  await new Promise((r) => setTimeout(r, 3000));
  job = await (await fetch(\`${baseUrl}/jobs/\${job_id}\`)).json();
} while (!["succeeded", "failed", "cancelled"].includes(job.status));
console.log(job.video_url);
\`\`\`

## Idempotency: which to use when

- ${IDEMPOTENCY_CHOICE.idempotency_key}
- ${IDEMPOTENCY_CHOICE.payment_identifier}
- ${IDEMPOTENCY_CHOICE.both}

## Signed offers and receipts

- ${RECEIPT_FACTS.offers}
- ${RECEIPT_FACTS.receipts}
- Signed as ${RECEIPT_FACTS.format.toUpperCase()} (${RECEIPT_FACTS.alg}, Ed25519; x402 \`${RECEIPT_FACTS.extension}\` extension). Verify offline with any JWS library against the key in [${baseUrl}/.well-known/did.json](${baseUrl}/.well-known/did.json); changing any field breaks the signature.

## Paid endpoints (fixed price)

${fixed}

## Paid endpoints (custom, priced per request)

${custom}

## Paid endpoints (image-to-video, priced per request)

Animate a picture: it becomes the first frame; with \`last_image\` the clip moves from one picture to the other. Upload the picture first (free), then pay exactly as above.

${animate}

## Images

- [${UPLOAD_FACTS.method} ${UPLOAD_FACTS.path}](${baseUrl}${UPLOAD_FACTS.path}): free. ${UPLOAD_FACTS.description} At most ${UPLOAD_FACTS.max_bytes / (1024 * 1024)} MiB, ${UPLOAD_FACTS.min_side_pixels}–${UPLOAD_FACTS.max_side_pixels} pixels a side and width:height ${UPLOAD_FACTS.aspect_ratio_range.join("–")}; kept ${UPLOAD_FACTS.ttl_seconds / 3600} hours.
- ${IMAGE_POLICY.references}
- ${IMAGE_POLICY.limits}
- ${IMAGE_POLICY.processing}
- ${IMAGE_POLICY.screening}
- ${IMAGE_POLICY.errors}

## Free endpoints

${free}

## MCP

${mcpLlmsLine(baseUrl)}

## Limits

- ${l.postsPerMinutePerIp} generation POSTs per minute per IP, in any 60 s (429 with \`Retry-After\`; \`RateLimit\` headers on every generation response).
- ${l.activeJobsPerWallet} jobs of one paying wallet generate at once; further paid jobs wait in \`queued\`.
- Queue capacity ${l.queueCapacity} unfinished jobs; at capacity POSTs get 503 with \`Retry-After\`, before any payment.
- Body at most ${l.maxBodyBytes} bytes, sent as \`Content-Type: application/json\` (else 403 \`unsupported_media_type\`); prompt at most 2000 characters with at least one visible character and no control characters but newline and tab; unknown properties are rejected.
- ${l.abuseBlock.rejections} rejected prompts within ${l.abuseBlock.windowSeconds / 60} minutes block the IP for ${l.abuseBlock.blockSeconds / 60} minutes (429, code \`ip_blocked\`); prompts sent by another website's page (a foreign \`Origin\`) block only that site's requests from the IP.

## Job statuses

${JOB_STATUSES.map((s) => `- \`${s}\``).join("\n")}

\`pending_settlement\` → \`queued\` → \`generating\` → \`succeeded\` or \`failed\` (after up to 3 attempts with failover between upstreams); \`cancelled\` when a settlement fails (nothing charged).

## Errors

Errors are \`application/problem+json\` (RFC 9457) with a stable \`code\`:

${errors}
- 402: payment required or refused; the body is the x402 PaymentRequired object and \`error\` says why. A malformed or out-of-bounds payment reads \`invalid_payment: <part>: <reason>\`, naming the part of the PAYMENT-SIGNATURE payload at fault (for example \`x402Version\`, \`payload.signature\`, \`payload.authorization.validBefore\`). The authorization must be valid now and for at most \`maxTimeoutSeconds\` from now.

## Content policy

${[...CONTENT_POLICY.hard_red_lines.map((r) => `- Hard red line — ${r}.`), ...CONTENT_POLICY.rejected.map((r) => `- Rejected — ${r}.`), `- ${CONTENT_POLICY.screening}`, `- Languages screened locally: ${CONTENT_POLICY.languages_screened_locally.join(", ")}. ${CONTENT_POLICY.local_screening}`, `- Hosted moderation (${env.moderation ? "enabled on this server" : "not configured on this server"}): ${CONTENT_POLICY.hosted_moderation}`, `- ${CONTENT_POLICY.repeated_rejections}`].join("\n")}

## Optional

- [OpenAPI 3.1](${baseUrl}/openapi.json): machine-readable description with \`x-payment-info\` per paid operation.
- [x402 discovery list](${baseUrl}/.well-known/x402): every paid resource's URL, for x402 indexes (x402scan).
- [Storefront JSON](${baseUrl}/): the same facts as JSON.
`;
}

/** EXTRA_NETWORKS, in words: the 402 lists one requirement per network, the payer picks one. */
function alsoAccepted(env: Env): string {
  const extras = env.networks.slice(1);
  if (!extras.length) return "";
  const each = extras.map(
    (n) =>
      `${networkName(n.network)} (\`${n.network}\`), asset \`${n.asset.address}\` (EIP-712 domain name "${n.asset.name}", version "${n.asset.version}"), paid to \`${n.payTo}\``,
  );
  return ` Also accepted at the same prices: USDC on ${each.join("; on ")}. The 402 lists one requirement per network in \`accepts\`; pay any one of them, and a refund goes back on the network you paid on.`;
}
