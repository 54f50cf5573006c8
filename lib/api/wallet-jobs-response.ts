import { publicBaseUrl } from "@/lib/api/base-url";
import { problem } from "@/lib/api/problem";
import { services } from "@/lib/server/services";
import { getEnv } from "@/lib/env";
import { json } from "@/lib/api/json";
import { loadJobFacts, toJobResource } from "@/lib/jobs/job-resource";
import { decodeCursor, jobsOfPayer } from "@/lib/jobs/payer-history";
import { walletProofResponse } from "@/lib/api/wallet-proof-response";
import { provenWallet } from "@/lib/wallet-auth/sign-in";

const PAGE = 20;
const MAX_PAGE = 50;

/** GET /jobs?payer=0x…[&cursor=…][&limit=n]: the signing wallet's own jobs, newest first. */
export async function walletJobsResponse(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const payer = params.get("payer")?.toLowerCase() ?? "";
  const invalid = (detail: string) => problem("invalid_request", detail, { instance: "/jobs" });
  if (!/^0x[0-9a-f]{40}$/.test(payer)) return invalid("payer must be a 0x-prefixed EVM address.");
  const cursor = params.has("cursor") ? decodeCursor(params.get("cursor") ?? "") : null;
  if (params.has("cursor") && !cursor)
    return invalid("cursor must be a next_cursor from this list.");
  const limit = Number(params.get("limit") ?? PAGE);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    return invalid(`limit must be a whole number from 1 to ${MAX_PAGE}.`);
  const db = await services().db();
  const proof = await provenWallet(db, request);
  if (!proof.ok) return walletProofResponse(request, proof);
  if (proof.address !== payer)
    return problem("wrong_wallet", "A wallet lists only its own jobs.", { instance: "/jobs" });
  const page = await jobsOfPayer(db, payer, cursor, limit);
  const base = publicBaseUrl();
  const store = services().videoStore();
  const perWallet = getEnv().limits.activeJobsPerWallet;
  const resources = await Promise.all(
    page.jobs.map(async (job) =>
      toJobResource(
        job,
        (key, expiresAt) => store.signedUrl(key, expiresAt, base),
        await loadJobFacts(db, job, perWallet),
      ),
    ),
  );
  return json({ jobs: resources, next_cursor: page.next }, 200, { "cache-control": "no-store" });
}
