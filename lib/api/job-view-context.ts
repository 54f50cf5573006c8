import { publicBaseUrl } from "@/lib/api/base-url";
import { getEnv } from "@/lib/env";
import type { JobViewContext } from "@/lib/job-events/job-view";
import { getVideoStore } from "@/lib/storage/store";

/** What the job view needs in this process: the store's signed links, origin and wallet slots. */
export function jobViewContext(): JobViewContext {
  const baseUrl = publicBaseUrl();
  const store = getVideoStore();
  return {
    sign: (key, expiresAt) => store.signedUrl(key, expiresAt, baseUrl),
    baseUrl,
    activeJobsPerWallet: getEnv().limits.activeJobsPerWallet,
  };
}
