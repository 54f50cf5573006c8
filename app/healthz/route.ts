import { livenessResponse } from "@/lib/api/liveness-response";

export const dynamic = "force-dynamic";

export function GET() {
  return livenessResponse();
}
