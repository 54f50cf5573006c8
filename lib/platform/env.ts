// The configuration lives in lib/platform/config, one file per area; this path keeps existing imports working.
export type { NetworkConfig } from "@/lib/platform/config/chain";
export { ConfigError } from "@/lib/platform/config/config-error";
export {
  DEVNET_ACCOUNT0_ADDRESS,
  DEVNET_ACCOUNT0_KEY,
  DEVNET_MNEMONIC,
  DEVNET_NETWORK,
  DEVNET_USDC_ADDRESS,
  KNOWN_USDC,
} from "@/lib/platform/config/devnet-constants";
export { ENV_VARIABLES, type Env, getEnv, parseEnv } from "@/lib/platform/config/parse-env";
export { publicOriginOf } from "@/lib/platform/config/server";
