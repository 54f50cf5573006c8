import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "@/lib/platform";

/** The request header a paid POST names its callback in (the body stays as the spec says). */
export const WEBHOOK_URL_HEADER = "webhook-url";
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export type CallbackPolicy = {
  /** WEBHOOK_ALLOW_PRIVATE: http and private, loopback or link-local addresses are allowed. */
  allowPrivate: boolean;
  /** DNS, replaceable in unit tests; the real one reads /etc/hosts and the resolver. */
  resolve?: Resolver;
};

export type CallbackTarget = { url: URL; address: string; family: number };

export type Vetted = { ok: true; target: CallbackTarget } | { ok: false; why: string };

const systemResolve: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Whether a callback URL may be called, and at which address: https only, no credentials, and
 * every address its name resolves to public (one private answer taints the name). The sender
 * connects to the returned address, so a second, rebinding DNS answer is never used.
 */
export async function vetCallbackUrl(raw: string, policy: CallbackPolicy): Promise<Vetted> {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    return { ok: false, why: `it is longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, why: "it is not an absolute URL" };
  }
  if (url.username || url.password) return { ok: false, why: "it carries credentials" };
  const schemes = policy.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return { ok: false, why: "it must use https" };
  if (url.hash) return { ok: false, why: "it must not carry a fragment" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let answers: { address: string; family: number }[];
  try {
    answers = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await (policy.resolve ?? systemResolve)(host);
  } catch {
    answers = [];
  }
  const first = answers[0];
  if (!first) return { ok: false, why: "its host name does not resolve" };
  if (!policy.allowPrivate && answers.some((a) => !isPublicAddress(a.address)))
    return { ok: false, why: "it points to a private, loopback or link-local address" };
  return { ok: true, target: { url, address: first.address, family: first.family } };
}
