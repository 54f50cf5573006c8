/** How the upstream fakes check an image they are sent: an https URL, or a data URL holding a real image of its declared type. */

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  "image/png": (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" &&
    b.subarray(8, 12).toString("latin1") === "WEBP",
};

/** null when acceptable, else why not. */
export function imageUrlProblem(value: unknown): string | null {
  if (typeof value !== "string" || !value) return "must be a non-empty string";
  if (value.startsWith("https://")) return null;
  const match = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return "must be an https URL or a data:image/<png|jpeg|webp>;base64,… URL";
  const [, mime, data] = match as unknown as [string, string, string];
  const bytes = Buffer.from(data, "base64");
  if (bytes.length < 16 || !MAGIC[mime]?.(bytes)) return `the base64 data is not a ${mime} image`;
  return null;
}

/** The decoded bytes of a data URL the fake accepted (for tests that compare what arrived). */
export function dataUrlBytes(value: string): Buffer {
  return Buffer.from(value.slice(value.indexOf(",") + 1), "base64");
}
