import path from "node:path";
import type { Env } from "@/lib/env";
import { loadImage as loadStoredImage } from "@/lib/images";
import type { VideoStore } from "@/lib/storage/types";
import { createArkProvider } from "@/lib/providers/ark-provider";
import { createFalProvider } from "@/lib/providers/fal-provider";
import { createLocalProvider } from "@/lib/providers/local-renderer";
import type { VideoProvider } from "@/lib/providers/types";

/** The configured upstreams, in failover order; input images are read from `store` (uploads). */
export function providersFromEnv(env: Env, store: VideoStore): VideoProvider[] {
  const { providers } = env;
  const loadImage = (id: string) => loadStoredImage(store, id);
  return providers.order.map((name) => {
    switch (name) {
      case "local":
        return createLocalProvider({
          workDir: path.join(env.dataDir, "renders"),
          ...providers.local,
          loadImage,
        });
      case "ark":
        return createArkProvider({
          ...providers.ark,
          requestTimeoutMs: providers.requestTimeoutMs,
          loadImage,
        });
      case "fal":
        return createFalProvider({
          ...providers.fal,
          requestTimeoutMs: providers.requestTimeoutMs,
          loadImage,
        });
      default:
        throw new Error(`unknown provider ${String(name satisfies never)}`);
    }
  });
}
