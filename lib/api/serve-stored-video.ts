import "server-only";
import { serveVideo } from "@/lib/api/serve-video";
import { localVideoDir } from "@/lib/storage/store";
import { namedSecret } from "@/lib/secrets/named-secret";

/** GET /videos/{key}: the local driver's signed, expiring downloads. */
export function serveStoredVideo(request: Request, key: string): Promise<Response> {
  return serveVideo(request, key, { dir: localVideoDir(), secret: namedSecret("video-url") });
}
