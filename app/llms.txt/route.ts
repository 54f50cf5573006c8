import { llmsTxtResponse, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => llmsTxtResponse());
