import { wellKnownX402Response, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => wellKnownX402Response());
