import { withErrors } from "@/lib/api/with-errors";
import { readinessResponse } from "@/lib/api/readiness-response";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => readinessResponse());
