import { withErrors } from "@/lib/api/with-errors";
import { inngestHandlers } from "@/lib/workflow/inngest-serve";

export const dynamic = "force-dynamic";

const handlers = inngestHandlers();
export const GET = withErrors(handlers.GET);
export const POST = withErrors(handlers.POST);
export const PUT = withErrors(handlers.PUT);
