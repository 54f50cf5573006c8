import "server-only";
import { createHmac } from "node:crypto";
import { getVideoUrlSecret } from "@/lib/storage/url-secret";

/** Keyed hash of a client address: counters and the audit log never hold a raw IP. */
export function hashIp(ip: string): string {
  return createHmac("sha256", getVideoUrlSecret()).update(`ip\n${ip}`).digest("hex").slice(0, 32);
}
