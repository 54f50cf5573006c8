import { clientIdentity } from "@/lib/http/api/client-identity";
import { NO_STORE } from "@/lib/http/api/json";
import { acceptUpload, uploadBodyLimit } from "@/lib/media";
import { readBodyLimited } from "@/lib/catalog";
import { services } from "@/lib/server";

/**
 * POST /uploads: the request read into the upload's input (its declared type, and the body within
 * the limit that type allows), then the kept image's description (201). Refusals are thrown as
 * RefusalError and answered by withErrors, like every route's.
 */
export async function uploadResponse(request: Request): Promise<Response> {
  const contentType = request.headers.get("content-type");
  const body = await acceptUpload(services(), clientIdentity(request), async () => ({
    contentType,
    body: await readBodyLimited(request, uploadBodyLimit(contentType)),
  }));
  return Response.json(body, { status: 201, headers: { "cache-control": NO_STORE } });
}
