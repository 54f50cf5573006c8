import { z } from "zod";

/** Shared shapes of environment variables, so every area reads a number or a flag the same way. */

/** A comma-separated list, trimmed, empty entries dropped. */
export function commaList(def: string) {
  return z
    .string()
    .default(def)
    .transform((v) =>
      v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    );
}

export const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");

export const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex key");

export const secret = z.string().min(32, "must be at least 32 characters");

/** The parsed values of one area's variables. */
export type Vars<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

/** What every area's rules may depend on: which network the service runs on. */
export type AreaContext = { devnet: boolean; network: string; problems: string[] };
