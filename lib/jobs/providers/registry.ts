import path from "node:path";
import type { Env } from "@/lib/platform";
import { loadImage as loadStoredImage, type VideoStore } from "@/lib/media";
import { createArkProvider } from "@/lib/jobs/providers/ark-provider";
import { createFalProvider } from "@/lib/jobs/providers/fal-provider";
import { createReplicateProvider } from "@/lib/jobs/providers/replicate-provider";
import { createLocalProvider } from "@/lib/jobs/providers/local-renderer";
import type { VideoProvider } from "@/lib/jobs/providers/types";

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
      case "replicate":
        return createReplicateProvider({
          ...providers.replicate,
          requestTimeoutMs: providers.requestTimeoutMs,
          loadImage,
        });
      default:
        throw new Error(`unknown provider ${String(name satisfies never)}`);
    }
  });
}
