import "server-only";
import { serveVideo } from "@/lib/http/api/serve-video";
import { services } from "@/lib/server";
import { localVideoDir } from "@/lib/media";

/** GET /videos/{key}: the local driver's signed, expiring downloads. */
export function serveStoredVideo(request: Request, key: string): Promise<Response> {
  const { config, secrets } = services();
  return serveVideo(request, key, {
    dir: localVideoDir(config.dataDir),
    secret: secrets("video-url"),
  });
}
