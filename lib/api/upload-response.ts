import { problem } from "@/lib/api/problem";
import { ImageProblem } from "@/lib/images";
import { acceptUpload } from "@/lib/images/accept-upload";
import { services } from "@/lib/server/services";

/**
 * POST /uploads: the kept image's description (201), or a picture it cannot take as problem+json.
 * Refusals thrown as ProblemError are answered by withErrors, like every route's.
 */
export async function uploadResponse(request: Request): Promise<Response> {
  try {
    const body = await acceptUpload(services(), request);
    return Response.json(body, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (error instanceof ImageProblem) return problem(error.code, error.message);
    throw error;
  }
}
