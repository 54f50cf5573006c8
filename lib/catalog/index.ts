export { CAMERA_FIXED_NOTE } from "./camera-fixed";
export type { FrameImage, GenerationSpec, ModelId, Ratio, Resolution } from "./generation-spec";
export {
  ALL_PRODUCTS,
  IMAGE_PRODUCTS,
  PRODUCTS,
  findAnyProductBySku,
  findProduct,
  type AnyProduct,
  type CustomProduct,
  type FixedProduct,
  type ImageProduct,
} from "./products";
export { formatUsd, priceRange, quote } from "./quote";
export { SERVICE_ICON_PATH, SERVICE_NAME, SERVICE_TAGS } from "./service-identity";
export { isJsonContentType } from "./requests/content-type";
export { UPLOAD_ID, parseImageRef, type ImageRef } from "./requests/image-ref";
export { exampleBody, requestBodyJsonSchema, toSchema } from "./requests/json-schema";
export { parseGenerationBody } from "./requests/parse-generation";
export { parseImageGenerationBody, type ImageRequest } from "./requests/parse-image-generation";
export { readBodyLimited } from "./requests/read-body";
export {
  UPSTREAM_IMAGE_LIMITS,
  UPSTREAM_IMAGE_LIMITS_SUMMARY,
  describeAspect,
  upstreamImageProblem,
  type ImageShape,
} from "./upstream-image-limits";
