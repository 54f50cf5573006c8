import { withErrors } from "@/lib/api/with-errors";
import { statusResponse } from "@/lib/storefront/responses";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => statusResponse());
