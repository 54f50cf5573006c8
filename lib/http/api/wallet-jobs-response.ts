import { problem } from "@/lib/http/api/problem";
import { services } from "@/lib/server";
import { json, NO_STORE } from "@/lib/http/api/json";
import { jobView } from "@/lib/notify";
import { decodeCursor, jobsOfPayer } from "@/lib/jobs";
import { walletProofResponse } from "@/lib/http/api/wallet-proof-response";
import { provenWallet } from "@/lib/money";

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
  const ctx = services().jobViewContext();
  // The same view GET /jobs/{id} answers with: a row always gives one.
  const views = await Promise.all(page.jobs.map((job) => jobView(db, job, ctx)));
  return json({ jobs: views, next_cursor: page.next }, 200, { "cache-control": NO_STORE });
}
