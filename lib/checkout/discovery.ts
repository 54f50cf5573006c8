import type { ResourceInfo } from "@x402/core/types";
import { declareDiscoveryExtension, isValidIconUrl } from "@x402/extensions/bazaar";
import {
  type AnyProduct,
  exampleBody,
  requestBodyJsonSchema,
  SERVICE_ICON_PATH,
  SERVICE_NAME,
  SERVICE_TAGS,
  toSchema,
} from "@/lib/catalog";
import { jobCreatedSchema } from "@/lib/checkout/job-created-schema";

const declarations = new Map<string, Record<string, unknown>>();

/**
 * The bazaar discovery extension of a 402: input body and output, so indexes can list us.
 * Declared once per product (building the schemas costs milliseconds, on every 402 a client
 * probes); each 402 gets its own copy, because the resource server enriches what it is given.
 */
export function discoveryExtension(product: AnyProduct): Record<string, unknown> {
  let declared = declarations.get(product.sku);
  if (!declared) {
    declared = declare(product);
    declarations.set(product.sku, declared);
  }
  return structuredClone(declared);
}

function declare(product: AnyProduct): Record<string, unknown> {
  const declared = declareDiscoveryExtension({
    bodyType: "json",
    input: exampleBody(product),
    inputSchema: requestBodyJsonSchema(product),
    output: {
      example: {
        job_id: "6f1c2b1e-3d4a-4b5c-8d9e-0f1a2b3c4d5e",
        status: "queued",
        status_url: "/jobs/6f1c2b1e-3d4a-4b5c-8d9e-0f1a2b3c4d5e",
      },
      schema: toSchema(jobCreatedSchema),
    },
  });
  // Our routes are POST only; the declaration helper leaves the method to an HTTP adapter we do not use.
  const bazaar = declared.bazaar as { info: { input: Record<string, unknown> } } | undefined;
  if (bazaar) bazaar.info.input.method = "POST";
  return declared;
}

/**
 * The resource a 402 is for, with the bazaar's service metadata (name, tags, icon), which indexes
 * read from `resource` and clients echo in their payment. An icon on a loopback or IP-literal
 * host is one every index drops (the bazaar's iconUrl rule), so a devnet's origin sends none.
 */
export function resourceInfo(baseUrl: string, product: AnyProduct): ResourceInfo {
  const iconUrl = `${baseUrl}${SERVICE_ICON_PATH}`;
  return {
    url: `${baseUrl}${product.path}`,
    description: product.description,
    mimeType: "application/json",
    serviceName: SERVICE_NAME,
    tags: [...SERVICE_TAGS],
    ...(isValidIconUrl(iconUrl) ? { iconUrl } : {}),
  };
}
