import { withErrors } from "@/lib/api/with-errors";
import { uploadResponse } from "@/lib/api/upload-response";

export const dynamic = "force-dynamic";

export const POST = withErrors(async (request: Request) => uploadResponse(request));
