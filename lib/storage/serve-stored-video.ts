import "server-only";
import { serveVideo } from "@/lib/storage/serve-video";
import { localVideoDir } from "@/lib/storage/store";
import { getVideoUrlSecret } from "@/lib/storage/url-secret";

/** GET /videos/{key}: the local driver's signed, expiring downloads. */
export function serveStoredVideo(request: Request, key: string): Promise<Response> {
  return serveVideo(request, key, { dir: localVideoDir(), secret: getVideoUrlSecret() });
}
