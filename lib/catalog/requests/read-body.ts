/** Reads at most `max` bytes of a request body; a larger body is refused without buffering it. */
export async function readBodyLimited(
  request: Request,
  max: number,
): Promise<Uint8Array | "too_large"> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return "too_large";
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return "too_large";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
