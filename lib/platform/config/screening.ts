import { z } from "zod";
import { int, type Vars } from "@/lib/platform/config/fields";

/** Fetching and screening input images, and the optional remote moderation of prompts. */
export const screeningVariables = {
  IMAGE_FETCH_TIMEOUT_MS: int(10_000, 1),
  IMAGE_FETCH_ALLOW_HOSTS: z.string().default(""),
  IMAGE_SCREEN_WORKERS: int(1, 1),
  IMAGE_SCREEN_QUEUE: int(16, 1),
  MODERATION_API_URL: z.string().url().optional(),
  MODERATION_API_KEY: z.string().min(1).optional(),
  MODERATION_TIMEOUT_MS: int(3_000, 1),
};

export function screeningConfig(e: Vars<typeof screeningVariables>) {
  return {
    imageFetch: {
      timeoutMs: e.IMAGE_FETCH_TIMEOUT_MS,
      /** "host:port" origins an image URL may reach although private, and over http; empty in production. */
      allowHosts: new Set(
        e.IMAGE_FETCH_ALLOW_HOSTS.split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    },
    /** Worker threads that screen images (each holds its own models), and images that may wait for one. */
    imageScreening: { workers: e.IMAGE_SCREEN_WORKERS, queue: e.IMAGE_SCREEN_QUEUE },
    moderation: e.MODERATION_API_URL
      ? {
          url: e.MODERATION_API_URL,
          apiKey: e.MODERATION_API_KEY,
          timeoutMs: e.MODERATION_TIMEOUT_MS,
        }
      : null,
  };
}
