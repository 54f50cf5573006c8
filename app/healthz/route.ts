import { livenessResponse } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET() {
  return livenessResponse();
}
