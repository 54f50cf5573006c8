import { withErrors } from "@/lib/api/with-errors";
import { storefrontResponse } from "@/lib/api/storefront-responses";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => storefrontResponse());
