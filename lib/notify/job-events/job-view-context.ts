import type { Env } from "@/lib/platform";
import type { JobViewContext } from "@/lib/notify/job-events/job-view";
import type { VideoStore } from "@/lib/media";

/**
 * What the job view needs in a process: the store's signed links, the public origin and the wallet
 * slots. Made once by the composition root (services().jobViewContext), which routes and the
 * webhook lane share.
 */
export function jobViewContext(
  config: Pick<Env, "publicOrigin" | "limits">,
  store: Pick<VideoStore, "signedUrl">,
): JobViewContext {
  const baseUrl = config.publicOrigin;
  return {
    sign: (key, expiresAt) => store.signedUrl(key, expiresAt, baseUrl),
    baseUrl,
    activeJobsPerWallet: config.limits.activeJobsPerWallet,
  };
}
