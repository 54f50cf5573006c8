import { problem, problemFor } from "@/lib/api/problem";
import { ProblemError } from "@/lib/errors/problems";
import { ImageProblem } from "@/lib/images";
import { acceptUpload } from "@/lib/images/accept-upload";

/** POST /uploads: the kept image's description (201), or the refusal as problem+json. */
export async function uploadResponse(request: Request): Promise<Response> {
  try {
    const body = await acceptUpload(request);
    return Response.json(body, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (error instanceof ImageProblem) return problem(error.code, error.message);
    if (error instanceof ProblemError) return problemFor(error);
    throw error;
  }
}
