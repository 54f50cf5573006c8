import { Studio } from "@/components/studio";
import { studioConfig } from "@/lib/http";

export const dynamic = "force-dynamic";

export const metadata = { title: "Reel402 — pay-per-clip AI video" };

export default function StudioPage() {
  return <Studio config={studioConfig()} />;
}
