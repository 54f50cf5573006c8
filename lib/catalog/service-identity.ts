/**
 * Who sells the catalog, as every discovery surface and every 402 names it. The bazaar's
 * service-metadata rules (@x402/extensions: printable ASCII, name and each tag at most 32
 * characters, at most 5 tags) bound these; an index drops a field that breaks them.
 */
export const SERVICE_NAME = "Reel402";
export const SERVICE_TAGS = [
  "video-generation",
  "text-to-video",
  "image-to-video",
  "ai-video",
  "mp4",
] as const;
/** The service's icon (app/icon.svg), served at the origin. */
export const SERVICE_ICON_PATH = "/icon.svg";
