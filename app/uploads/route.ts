import { withErrors } from "@/lib/api/with-errors";
import { handleUpload } from "@/lib/images/handle-upload";

export const dynamic = "force-dynamic";

export const POST = withErrors(async (request: Request) => handleUpload(request));
