export type Frame = {
  id: number | null;
  event: string;
  data: Record<string, unknown>;
  /** When the client read it (epoch ms). */
  received: number;
};

/** Reads SSE frames until the stream ends (or `until` says stop), as a browser would parse them. */
export async function readFrames(stream: ReadableStream, until?: (f: Frame[]) => boolean) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const frames: Frame[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const field = (name: string) =>
        block
          .split("\n")
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const data = field("data");
      if (data === undefined) continue;
      const id = field("id");
      frames.push({
        id: id ? Number(id) : null,
        event: field("event") ?? "message",
        data: JSON.parse(data),
        received: Date.now(),
      });
    }
    if (until?.(frames)) {
      await reader.cancel();
      break;
    }
  }
  return frames;
}
