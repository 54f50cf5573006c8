import "server-only";
import { services } from "@/lib/server/services";
import { publicBaseUrl } from "@/lib/api/base-url";
import { posterKey } from "@/lib/storage/poster";

type JobBody = { job_id?: string; video_url?: string | null; video_expires_at?: string | null };

/**
 * Adds `poster_url` (a signed link to the video's poster frame, valid as long as the video
 * link) to a job answer, beside the spec's fields; null while there is no video or no poster
 * link can be made. Other answers (problems) pass through untouched.
 */
export async function withPosterUrl(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const job = (await response.json()) as JobBody;
  let poster_url: string | null = null;
  if (job.job_id && job.video_url && job.video_expires_at) {
    const expiresAt = new Date(job.video_expires_at);
    poster_url = await Promise.resolve(
      services().videoStore().signedUrl(posterKey(job.job_id), expiresAt, publicBaseUrl()),
    ).catch(() => null);
  }
  return new Response(JSON.stringify({ ...job, poster_url }), {
    status: response.status,
    headers: response.headers,
  });
}
