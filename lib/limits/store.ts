import "server-only";
import { getDb } from "@/lib/db/client";
import type { LimitStore } from "@/lib/limits/limit-store";
import { createPostgresLimitStore } from "@/lib/limits/postgres-limit-store";

const holder = globalThis as unknown as { __reel402Limits?: Promise<LimitStore> };

/** The limit store every process shares: the database. */
export function getLimitStore(): Promise<LimitStore> {
  holder.__reel402Limits ??= getDb().then(createPostgresLimitStore);
  return holder.__reel402Limits;
}
