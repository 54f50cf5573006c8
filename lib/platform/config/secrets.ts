import { type AreaContext, secret, type Vars } from "@/lib/platform/config/fields";

/** One secret per purpose (lib/platform/secrets/named-secret.ts derives or generates what is left unset). */
export const secretsVariables = {
  VIDEO_URL_SECRET: secret.optional(),
  AUDIT_CHAIN_SECRET: secret.optional(),
  IP_HASH_SECRET: secret.optional(),
  RECEIPT_SIGNING_SECRET: secret.optional(),
};

// Outside the devnet these must be set: a generated one would differ between instances.
const REQUIRED_IN_PRODUCTION = [
  ["VIDEO_URL_SECRET", ""],
  ["AUDIT_CHAIN_SECRET", " (it keys the audit log's hash chain)"],
  ["RECEIPT_SIGNING_SECRET", " (it derives the key that signs offers and receipts)"],
] as const;

export function secretsConfig(
  e: Vars<typeof secretsVariables>,
  { devnet, network, problems }: AreaContext,
) {
  for (const [name, why] of devnet ? [] : REQUIRED_IN_PRODUCTION)
    if (!e[name]) problems.push(`${name} is required on ${network}${why}`);
  if (e.AUDIT_CHAIN_SECRET && e.AUDIT_CHAIN_SECRET === e.VIDEO_URL_SECRET)
    problems.push("AUDIT_CHAIN_SECRET must differ from VIDEO_URL_SECRET (one secret, one purpose)");
  for (const [name, value] of [
    ["IP_HASH_SECRET", e.IP_HASH_SECRET],
    ["RECEIPT_SIGNING_SECRET", e.RECEIPT_SIGNING_SECRET],
  ] as const)
    if (value && [e.VIDEO_URL_SECRET, e.AUDIT_CHAIN_SECRET].includes(value))
      problems.push(
        `${name} must differ from VIDEO_URL_SECRET and AUDIT_CHAIN_SECRET (one secret, one purpose)`,
      );
  return {
    videoUrlSecret: e.VIDEO_URL_SECRET,
    auditChainSecret: e.AUDIT_CHAIN_SECRET,
    ipHashSecret: e.IP_HASH_SECRET,
    receiptSigningSecret: e.RECEIPT_SIGNING_SECRET,
  };
}
