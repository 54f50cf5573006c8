import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "@/lib/env";

const holder = globalThis as unknown as { __reel402UrlSecret?: string };

/**
 * The configured link-signing secret; on the devnet without one, a random secret kept in the
 * data folder so links stay valid across restarts.
 */
export function getVideoUrlSecret(): string {
  if (holder.__reel402UrlSecret) return holder.__reel402UrlSecret;
  const env = getEnv();
  let secret = env.videoUrlSecret;
  if (!secret) {
    const file = path.join(env.dataDir, "video-url-secret");
    try {
      secret = readFileSync(file, "utf8").trim();
    } catch {
      mkdirSync(env.dataDir, { recursive: true });
      try {
        writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
      } catch {
        // Another process wrote it first; theirs wins.
      }
      secret = readFileSync(file, "utf8").trim();
    }
  }
  holder.__reel402UrlSecret = secret;
  return secret;
}
