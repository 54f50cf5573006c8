import type { Db } from "@/lib/platform/db/client";
import { driverForUrl } from "@/lib/platform/db/driver-for-url";

export type ChannelListener = {
  /** A NOTIFY on the channel, with its payload. */
  onMessage: (payload: string) => void;
  /** The listening connection came back: notifications sent while it was down are lost. */
  onReconnect: () => void;
};

/**
 * LISTENs on a Postgres channel with the database the process uses; null where the driver holds
 * no session to listen on (Neon's serverless driver), so the caller must look by itself.
 */
export async function listenChannel(
  db: Db,
  databaseUrl: string | undefined,
  channel: string,
  listener: ChannelListener,
): Promise<(() => Promise<void>) | null> {
  if (!databaseUrl) {
    // PGlite is this process's own database: its NOTIFY reaches this process only, on commit.
    const client = (db as unknown as { $client: { listen: PgliteListen } }).$client;
    const unlisten = await client.listen(channel, listener.onMessage);
    return () => unlisten();
  }
  if (driverForUrl(databaseUrl) === "neon") return null;
  const { default: postgres } = await import("postgres");
  // A dedicated connection: postgres.js re-listens after a loss and calls onlisten again.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await client.listen(channel, listener.onMessage, listener.onReconnect);
  return () => client.end({ timeout: 2 });
}

type PgliteListen = (
  channel: string,
  cb: (payload: string) => void,
) => Promise<() => Promise<void>>;
