import "server-only";
import { secretFromDataDir } from "@/lib/secrets/data-dir-secret";
import { getEnv } from "@/lib/env";

const holder = globalThis as unknown as { __reel402AuditSecret?: string };

/**
 * The key of the audit chain, held outside the database so rows alone cannot be re-hashed.
 * Required on a production network; on the devnet without one, a random key in the data folder.
 */
export function getAuditChainSecret(): string {
  if (holder.__reel402AuditSecret) return holder.__reel402AuditSecret;
  const env = getEnv();
  const secret = env.auditChainSecret ?? secretFromDataDir(env.dataDir, "audit-chain-secret");
  holder.__reel402AuditSecret = secret;
  return secret;
}
