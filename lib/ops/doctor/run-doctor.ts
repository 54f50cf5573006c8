import "server-only";
import { checkAuditRole } from "@/lib/ops/doctor/check-audit-role";
import { checkChains } from "@/lib/ops/doctor/check-chain";
import { checkConfig } from "@/lib/ops/doctor/check-config";
import { checkDatabase } from "@/lib/ops/doctor/check-database";
import { checkFacilitator } from "@/lib/ops/doctor/check-facilitator";
import { checkProviders } from "@/lib/ops/doctor/check-providers";
import { type CheckResult, skip } from "@/lib/ops/doctor/check-result";
import { checkStorage } from "@/lib/ops/doctor/check-storage";

/** Every check of a deployment's configuration, none of which pays, generates or migrates. */
export async function runDoctor(): Promise<CheckResult[]> {
  const { env, results } = checkConfig();
  if (!env)
    return [...results, skip("the rest", "fix the configuration first: the other checks need it")];
  const engine =
    env.jobEngine === "inngest"
      ? skip(
          "job engine",
          `inngest${env.inngest.dev ? " (dev server)" : ""}: keys present; Inngest syncs the app at /api/inngest on deploy`,
        )
      : skip("job engine", "embedded runner: starts with the server");
  const checks = await Promise.all([
    checkDatabase(env),
    checkAuditRole(env),
    checkFacilitator(env),
    checkChains(env),
    checkStorage(env),
    checkProviders(env),
  ]);
  return [...results, ...checks.flat(), engine];
}
