/**
 * How the upstream fakes check an image they are sent: an https URL, or a data URL holding a real
 * image of its declared type within Seedance's input limits. Those limits are BytePlus ModelArk's
 * for `image_url` (Video Generation API, https://docs.byteplus.com/en/docs/ModelArk/1520757):
 * each side 300–6000 px, width/height 0.4–2.5, under 30 MB; fal and Replicate run the same model.
 * The numbers are spelled out here, not imported from the service, so a change there is caught.
 */

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  "image/png": (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" &&
    b.subarray(8, 12).toString("latin1") === "WEBP",
};

type Size = { width: number; height: number };

/** Width and height from a JPEG's first start-of-frame segment. */
function jpegSize(b: Buffer): Size | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

/** Width and height from a WebP's VP8, VP8L or VP8X chunk. */
function webpSize(b: Buffer): Size | null {
  if (b.length < 30) return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ")
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  return null;
}

const SIZE: Record<string, (b: Buffer) => Size | null> = {
  "image/png": (b) =>
    b.length >= 24 && b.toString("latin1", 12, 16) === "IHDR"
      ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
      : null,
  "image/jpeg": jpegSize,
  "image/webp": webpSize,
};

/** Seedance's limits on one decoded image, worded as Ark words a refused parameter. */
function limitsProblem(bytes: Buffer, { width, height }: Size): string | null {
  if (bytes.length >= 30 * 1024 * 1024) return "must be smaller than 30 MB";
  if (Math.min(width, height) < 300)
    return `is ${width}x${height}: width and height must be at least 300 px`;
  if (Math.max(width, height) > 6000)
    return `is ${width}x${height}: width and height must be at most 6000 px`;
  const aspect = width / height;
  if (aspect < 0.4 || aspect > 2.5)
    return `is ${width}x${height}: the aspect ratio (width/height) must be within [0.4, 2.5]`;
  return null;
}

/** null when acceptable, else why not. */
export function imageUrlProblem(value: unknown): string | null {
  if (typeof value !== "string" || !value) return "must be a non-empty string";
  if (value.startsWith("https://")) return null;
  const match = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return "must be an https URL or a data:image/<png|jpeg|webp>;base64,… URL";
  const [, mime, data] = match as unknown as [string, string, string];
  const bytes = Buffer.from(data, "base64");
  if (bytes.length < 16 || !MAGIC[mime]?.(bytes)) return `the base64 data is not a ${mime} image`;
  const size = SIZE[mime]?.(bytes);
  if (!size) return `the base64 data is not a decodable ${mime} image`;
  return limitsProblem(bytes, size);
}

/** The decoded bytes of a data URL the fake accepted (for tests that compare what arrived). */
export function dataUrlBytes(value: string): Buffer {
  return Buffer.from(value.slice(value.indexOf(",") + 1), "base64");
}
