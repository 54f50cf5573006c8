import path from "node:path";
import type { Env } from "@/lib/env";
import { loadImage } from "@/lib/images";
import { createArkProvider } from "@/lib/providers/ark-provider";
import { createFalProvider } from "@/lib/providers/fal-provider";
import { createLocalProvider } from "@/lib/providers/local-renderer";
import type { VideoProvider } from "@/lib/providers/types";

/** The configured upstreams, in failover order. */
export function providersFromEnv(env: Env): VideoProvider[] {
  const { providers } = env;
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
