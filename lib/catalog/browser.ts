export { RATIOS, type Resolution } from "./generation-spec";
export { IMAGE_PRODUCTS, PRODUCTS, findAnyProductBySku, type AnyProduct } from "./products";
export { formatUsd, quote } from "./quote";
