import { z } from "zod";
import { chainConfig, chainVariables } from "@/lib/platform/config/chain";
import { ConfigError } from "@/lib/platform/config/config-error";
import { databaseConfig, databaseVariables } from "@/lib/platform/config/database";
import { DEVNET_NETWORK } from "@/lib/platform/config/devnet-constants";
import { devnetConfig, devnetVariables } from "@/lib/platform/config/devnet";
import { engineConfig, engineVariables } from "@/lib/platform/config/engine";
import { facilitatorConfig, facilitatorVariables } from "@/lib/platform/config/facilitator";
import type { AreaContext } from "@/lib/platform/config/fields";
import { limitsConfig, limitsVariables } from "@/lib/platform/config/limits";
import { providersConfig, providersVariables } from "@/lib/platform/config/providers";
import { screeningConfig, screeningVariables } from "@/lib/platform/config/screening";
import { secretsConfig, secretsVariables } from "@/lib/platform/config/secrets";
import { serverConfig, serverVariables } from "@/lib/platform/config/server";
import { storageConfig, storageVariables } from "@/lib/platform/config/storage";
import { webhooksConfig, webhooksVariables } from "@/lib/platform/config/webhooks";

/** Each area's variables, by area: a variable belongs to exactly one. */
export const AREA_VARIABLES: Record<string, z.ZodRawShape> = {
  server: serverVariables,
  chain: chainVariables,
  facilitator: facilitatorVariables,
  database: databaseVariables,
  limits: limitsVariables,
  screening: screeningVariables,
  webhooks: webhooksVariables,
  engine: engineVariables,
  secrets: secretsVariables,
  devnet: devnetVariables,
  providers: providersVariables,
  storage: storageVariables,
};

/**
 * The only reader of process.env, composed from one schema per area. Devnet defaults make a bare
 * checkout run; a production network demands a complete config.
 */
const raw = z.object({
  ...serverVariables,
  ...chainVariables,
  ...facilitatorVariables,
  ...databaseVariables,
  ...limitsVariables,
  ...screeningVariables,
  ...webhooksVariables,
  ...engineVariables,
  ...secretsVariables,
  ...devnetVariables,
  ...providersVariables,
  ...storageVariables,
});

/** Every variable the service reads; docs/operators.md and .env.example document each one. */
export const ENV_VARIABLES = Object.keys(raw.shape);

export type Env = ReturnType<typeof parseEnv>;

/** Parses every area; all problems, of every area, are reported together in one ConfigError. */
export function parseEnv(source: Record<string, string | undefined>) {
  const parsed = raw.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const context: AreaContext = {
    devnet: e.X402_NETWORK === DEVNET_NETWORK,
    network: e.X402_NETWORK,
    problems: [],
  };
  const env = {
    ...serverConfig(e, context),
    ...chainConfig(e, context),
    ...facilitatorConfig(e, context),
    ...databaseConfig(e, context),
    ...limitsConfig(e),
    ...screeningConfig(e),
    ...webhooksConfig(e),
    ...engineConfig(e, context),
    ...secretsConfig(e, context),
    ...devnetConfig(e, context),
    ...providersConfig(e, context),
    ...storageConfig(e, context),
  };
  if (context.problems.length) throw new ConfigError(context.problems);
  return env;
}

let parsedOnce: Env | undefined;

/**
 * The process's configuration, parsed on first use. Each bundle that imports this parses the same
 * environment once and gets an equal value, so nothing here needs to be shared between bundles.
 */
export function getEnv(): Env {
  parsedOnce ??= parseEnv(process.env);
  return parsedOnce;
}
