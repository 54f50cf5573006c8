import { hostChecked, livenessResponse, methodNotAllowed, preflight } from "@/lib/http";

export const dynamic = "force-dynamic";

// Answered without the proxy (lib/http/api/unproxied-route.ts): every method is this file's.
export const GET = hostChecked(async () => livenessResponse());
export const OPTIONS = preflight;
export {
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
  methodNotAllowed as POST,
  methodNotAllowed as PUT,
};
