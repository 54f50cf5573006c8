import "server-only";
import { secretFromDataDir } from "@/lib/secrets/data-dir-secret";
import { getEnv } from "@/lib/env";

const holder = globalThis as unknown as { __reel402UrlSecret?: string };

/**
 * The configured link-signing secret; on the devnet without one, a random secret kept in the
 * data folder so links stay valid across restarts.
 */
export function getVideoUrlSecret(): string {
  if (holder.__reel402UrlSecret) return holder.__reel402UrlSecret;
  const env = getEnv();
  const secret = env.videoUrlSecret ?? secretFromDataDir(env.dataDir, "video-url-secret");
  holder.__reel402UrlSecret = secret;
  return secret;
}
