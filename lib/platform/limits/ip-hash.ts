import "server-only";
import { createHmac } from "node:crypto";
import { namedSecret } from "@/lib/platform/secrets/named-secret";

/** Keyed hash of a client address: counters and the audit log never hold a raw IP. */
export function hashIp(ip: string): string {
  return createHmac("sha256", namedSecret("ip-hash"))
    .update(`ip\n${ip}`)
    .digest("hex")
    .slice(0, 32);
}
