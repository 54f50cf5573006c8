import { withErrors } from "@/lib/api/with-errors";
import { llmsTxtResponse } from "@/lib/api/storefront-responses";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => llmsTxtResponse());
