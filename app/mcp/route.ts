import { mcpResponse, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

export const POST = withErrors(async (request: Request) => mcpResponse(request));
