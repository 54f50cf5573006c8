import { withErrors } from "@/lib/http";
import { inngestHandlers } from "@/lib/server";

export const dynamic = "force-dynamic";

const handlers = inngestHandlers();
export const GET = withErrors(handlers.GET);
export const POST = withErrors(handlers.POST);
export const PUT = withErrors(handlers.PUT);
