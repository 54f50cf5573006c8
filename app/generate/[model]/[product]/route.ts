import { methodNotAllowed, paidPost, preflight } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ model: string; product: string }> };

// Answered without the proxy (lib/http/api/unproxied-route.ts): every method is this file's. The
// server script answers the POST before Next.js with the same handler (paid-post-at-socket.ts).
export const POST = async (request: Request, { params }: Params): Promise<Response> => {
  const { model, product } = await params;
  return paidPost(request, model, product);
};

export const OPTIONS = preflight;
export {
  methodNotAllowed as DELETE,
  methodNotAllowed as GET,
  methodNotAllowed as PATCH,
  methodNotAllowed as PUT,
};
