import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A pass-through stream that counts the bytes of an upload as they go by. */
function byteCounter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * Streams `body` through a byte counter into `upload` (which reads the counted stream), without
 * ever holding the video whole. If either side fails, both are torn down before the error is
 * thrown: a failed upload releases the upstream body, and a failed body makes the upload fail
 * (and abort) instead of completing a truncated object.
 */
export async function countedUpload<T>(
  body: Readable,
  upload: (counted: Readable) => Promise<T>,
): Promise<{ size: number; result: T }> {
  const { stream: counter, bytes } = byteCounter();
  const piping = pipeline(body, counter);
  const uploading = upload(counter);
  try {
    const [, result] = await Promise.all([piping, uploading]);
    return { size: bytes(), result };
  } catch (error) {
    counter.destroy();
    body.destroy();
    await Promise.allSettled([piping, uploading]);
    throw error;
  }
}
