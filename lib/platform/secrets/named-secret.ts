import "server-only";
import { createHmac } from "node:crypto";
import { type Env, getEnv } from "@/lib/platform/env";
import { secretFromDataDir } from "@/lib/platform/secrets/data-dir-secret";

/**
 * One secret per purpose, so a leak or a rotation touches one thing:
 * - audit-chain: keys the audit log's hash chain, held outside the database so rows alone cannot
 *   be re-hashed;
 * - video-url: signs download links;
 * - ip-hash: keys the hashes of client addresses in counters and the audit log;
 * - receipt-signing: derives the Ed25519 key that signs offers and receipts;
 * - sign-in-nonce: signs the nonces of wallet sign-in challenges;
 * - upstream-end-user: keys the payer identifiers sent to upstream providers;
 * - upstream-callback: signs the per-attempt tokens in upstream callback URLs.
 */
export type SecretName =
  | "audit-chain"
  | "video-url"
  | "ip-hash"
  | "receipt-signing"
  | "sign-in-nonce"
  | "upstream-end-user"
  | "upstream-callback";

const CONFIGURED: Record<SecretName, (env: SecretsConfig) => string | undefined> = {
  "audit-chain": (env) => env.auditChainSecret,
  "video-url": (env) => env.videoUrlSecret,
  "ip-hash": (env) => env.ipHashSecret,
  "receipt-signing": (env) => env.receiptSigningSecret,
  "sign-in-nonce": () => undefined,
  "upstream-end-user": () => undefined,
  "upstream-callback": () => undefined,
};

/**
 * Left unset, the IP-hash key is derived from the link-signing secret rather than kept per data
 * folder: processes that share one database already share VIDEO_URL_SECRET, so their hashes of
 * one client agree (the per-IP limits count across them). The HMAC derivation keeps the two keys
 * apart: IP hashes reveal nothing about the key that signs links.
 */
const DERIVED_FROM: Partial<Record<SecretName, SecretName>> = {
  "ip-hash": "video-url",
  // Every instance behind one balancer must accept the nonces the others issued.
  "sign-in-nonce": "video-url",
  // One payer is one identifier to an upstream, whichever instance submitted the attempt.
  "upstream-end-user": "video-url",
  // A callback may reach any instance behind the balancer.
  "upstream-callback": "video-url",
};

/** The secret for each purpose, by name. */
export type Secrets = (name: SecretName) => string;

type SecretsConfig = Pick<
  Env,
  "auditChainSecret" | "videoUrlSecret" | "ipHashSecret" | "receiptSigningSecret" | "dataDir"
>;

/**
 * The configured secret; without one (the devnet, or an optional setting left out), a key derived
 * from its parent secret where it has one, else a random one kept in the data folder so it
 * survives restarts. Each is worked out once and kept.
 */
export function createSecrets(config: SecretsConfig): Secrets {
  const held = new Map<SecretName, string>();
  const secretOf = (name: SecretName): string => {
    const known = held.get(name);
    if (known) return known;
    const parent = DERIVED_FROM[name];
    const secret =
      CONFIGURED[name](config) ??
      (parent
        ? createHmac("sha256", secretOf(parent)).update(`reel402 ${name} v1`).digest("hex")
        : secretFromDataDir(config.dataDir, `${name}-secret`));
    held.set(name, secret);
    return secret;
  };
  return secretOf;
}

let fromEnv: Secrets | undefined;

/**
 * The running configuration's secret, for code far below the routes that signs or hashes as it
 * goes (audit appends, client-address hashes, sign-in nonces). Kept per module copy, not per
 * process: every copy works out the same value (configured, derived, or read from the one file in
 * the data folder, which the first writer creates), so the copies cannot disagree.
 */
export function namedSecret(name: SecretName): string {
  fromEnv ??= createSecrets(getEnv());
  return fromEnv(name);
}
