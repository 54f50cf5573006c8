export { acceptUpload } from "./images/accept-upload";
export { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "./images/decode";
export { removeExpiredUploads } from "./images/image-store";
export {
  UPLOAD_TTL_MS,
  isImageRefusal,
  loadImage,
  resolveImage,
  screenImage,
  type ImageDeps,
  type ImageScreening,
  type StoredImage,
} from "./images/index";
export { uploadBodyLimit } from "./images/receive-upload";
export { createImageScreener } from "./images/screen-image";
export { ScreenPool } from "./images/screen-pool";
export { BODY_LENGTH_HEADER } from "./storage/body-length";
export { removeExpiredVideos, sweepOrphanPartials } from "./storage/cleanup";
export { openLocalVideo } from "./storage/local-store";
export { isPosterKey, posterKey, putVideoWithPoster } from "./storage/poster";
export { assertSafeKey } from "./storage/storage-key";
export { createVideoStore, localVideoDir } from "./storage/store";
export type { VideoStore } from "./storage/types";
export { checkVideoLink } from "./storage/url-signing";
