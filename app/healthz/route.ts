import { livenessResponse } from "@/lib/health/responses";

export const dynamic = "force-dynamic";

export function GET() {
  return livenessResponse();
}
