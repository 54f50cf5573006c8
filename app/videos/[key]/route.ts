import { serveStoredVideo, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ key: string }> };

export const GET = withErrors(async (request: Request, { params }: Params) =>
  serveStoredVideo(request, (await params).key),
);
export const HEAD = GET;
