import { z } from "zod";
import type { AreaContext, Vars } from "@/lib/platform/config/fields";

/** The local chain's start-up and its fault injection (tests and demos only). */
export const devnetVariables = {
  DEVNET_AUTOSTART: z.enum(["true", "false"]).default("true"),
  DEVNET_FAULTS: z.string().default(""),
};

export function devnetConfig(e: Vars<typeof devnetVariables>, { devnet, problems }: AreaContext) {
  if (!devnet && e.DEVNET_FAULTS) problems.push("DEVNET_FAULTS is only for the devnet");
  return {
    devnetAutostart: devnet && e.DEVNET_AUTOSTART === "true",
    /** Fault injection for tests and demos; refused outside the devnet. */
    devnetFaults: new Set(
      e.DEVNET_FAULTS.split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  };
}
