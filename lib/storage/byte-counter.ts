import { Transform } from "node:stream";

/** A pass-through stream that counts the bytes of an upload as they go by. */
export function byteCounter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}
