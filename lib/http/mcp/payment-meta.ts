/**
 * What a `tools/call` request's `_meta` says about payment, per the x402 MCP transport
 * (specs/transports-v2/mcp.md in x402-foundation/x402): the PaymentPayload under `x402/payment`,
 * and whether the client takes the `org.x402/payment` extension binding.
 */

export const PAYMENT_META_KEY = "x402/payment";
export const PAYMENT_RESPONSE_META_KEY = "x402/payment-response";
export const PAYMENT_EXTENSION = "org.x402/payment";
const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";
const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";
/** The first MCP revision whose results carry `resultType`. */
const RESULT_TYPE_REVISION = "2026-07-28";

type Meta = Record<string, unknown> | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The payment as the HTTP edge receives it in PAYMENT-SIGNATURE (base64 of the UTF-8 JSON), so
 * the checkout decodes and validates it on its one path; null when the call carries none.
 * Whatever the client put there is encoded as sent: a value that is not a PaymentPayload fails
 * that same validation and comes back as a payment-required result naming the reason.
 */
export function paymentSignatureFromMeta(meta: Meta): string | null {
  if (!meta || !(PAYMENT_META_KEY in meta)) return null;
  const value = meta[PAYMENT_META_KEY];
  if (value === undefined || value === null) return null;
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/**
 * True when the request advertises the `org.x402/payment` extension: in its per-request client
 * capabilities (`_meta["io.modelcontextprotocol/clientCapabilities"].extensions`), or in the
 * capabilities it declared at initialization on this same connection.
 */
export function advertisesPaymentExtension(meta: Meta, initialized?: unknown): boolean {
  const perRequest = isObject(meta) ? meta[CLIENT_CAPABILITIES_META_KEY] : undefined;
  return [perRequest, initialized].some(
    (caps) => isObject(caps) && isObject(caps.extensions) && PAYMENT_EXTENSION in caps.extensions,
  );
}

/** On MCP 2026-07-28 and later every result names its type; earlier clients read none as complete. */
export function needsResultType(meta: Meta): boolean {
  const version = isObject(meta) ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  return typeof version === "string" && version >= RESULT_TYPE_REVISION;
}
