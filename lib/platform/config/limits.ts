import { int, type Vars } from "@/lib/platform/config/fields";

/** What one client, one wallet and the whole queue may ask of the service, and when abuse blocks. */
export const limitsVariables = {
  LIMIT_POSTS_PER_MINUTE_PER_IP: int(20, 1),
  LIMIT_ACTIVE_JOBS_PER_WALLET: int(5, 1),
  LIMIT_QUEUE_CAPACITY: int(50, 1),
  LIMIT_UPLOADS_PER_MINUTE_PER_IP: int(20, 1),
  LIMIT_EVENT_STREAMS_PER_CLIENT: int(10, 1),
  LIMIT_EVENT_STREAMS_TOTAL: int(500, 1),
  LIMIT_FREE_READS_PER_MINUTE_PER_IP: int(300, 1),
  ABUSE_BLOCK_REJECTIONS: int(5, 1),
  ABUSE_BLOCK_WINDOW_SECONDS: int(600, 1),
  ABUSE_BLOCK_SECONDS: int(900, 1),
};

export function limitsConfig(e: Vars<typeof limitsVariables>) {
  return {
    limits: {
      postsPerMinutePerIp: e.LIMIT_POSTS_PER_MINUTE_PER_IP,
      activeJobsPerWallet: e.LIMIT_ACTIVE_JOBS_PER_WALLET,
      queueCapacity: e.LIMIT_QUEUE_CAPACITY,
      uploadsPerMinutePerIp: e.LIMIT_UPLOADS_PER_MINUTE_PER_IP,
      free: {
        streamsPerClient: e.LIMIT_EVENT_STREAMS_PER_CLIENT,
        streamsTotal: e.LIMIT_EVENT_STREAMS_TOTAL,
        readsPerMinute: e.LIMIT_FREE_READS_PER_MINUTE_PER_IP,
      },
      maxBodyBytes: 16384,
      idempotencyKeyTtlSeconds: 24 * 60 * 60,
      abuseBlock: {
        rejections: e.ABUSE_BLOCK_REJECTIONS,
        windowSeconds: e.ABUSE_BLOCK_WINDOW_SECONDS,
        blockSeconds: e.ABUSE_BLOCK_SECONDS,
      },
    },
  };
}
