export { CAMERA_FIXED_NOTE } from "./camera-fixed";
export { RATIOS, type Resolution } from "./generation-spec";
export { IMAGE_PRODUCTS, PRODUCTS, findAnyProductBySku, type AnyProduct } from "./products";
export { formatUsd, quote } from "./quote";
export { UPSTREAM_IMAGE_LIMITS, upstreamImageProblem } from "./upstream-image-limits";
