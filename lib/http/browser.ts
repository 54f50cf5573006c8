export { browserRpcUrl } from "./storefront/browser-rpc";
export type { StudioConfig } from "./storefront/studio-config";
