import { withErrors } from "@/lib/api/with-errors";
import { openApiResponse } from "@/lib/api/storefront-responses";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => openApiResponse());
