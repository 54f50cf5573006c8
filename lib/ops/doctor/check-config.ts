import { ConfigError, type Env, getEnv } from "@/lib/platform";
import { type CheckResult, fail, ok } from "@/lib/ops/doctor/check-result";

const CDP_FACILITATOR = "https://api.cdp.coinbase.com/platform/v2/x402";
const TESTNET_FACILITATOR_HOST = "x402.org";

/** The configuration as the service would read it, plus the pairings parseEnv cannot know are odd. */
export function checkConfig(): { env: Env | null; results: CheckResult[] } {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { env: null, results: error.problems.map((p) => fail("config", p)) };
  }
  const problems = facilitatorProblems(env);
  const results = problems.map((p) => fail("config", p));
  if (!problems.length) {
    const where = env.devnet
      ? "the local devnet (in-process facilitator, test USDC)"
      : `${env.network}, USDC ${env.asset.address}, facilitator ${facilitatorUrl(env)}`;
    results.push(ok("config", `complete and consistent: ${where}`));
  }
  return { env, results };
}

function facilitatorUrl(env: Env): string {
  return env.facilitator.kind === "http" ? env.facilitator.url : "in-process";
}

function facilitatorProblems(env: Env): string[] {
  if (env.facilitator.kind !== "http") return [];
  const host = new URL(env.facilitator.url).hostname;
  const problems: string[] = [];
  if (env.network === "eip155:8453" && !env.facilitator.url.startsWith(CDP_FACILITATOR))
    problems.push(
      `FACILITATOR_URL ${env.facilitator.url} on Base mainnet: use the CDP facilitator ${CDP_FACILITATOR}`,
    );
  if (host === TESTNET_FACILITATOR_HOST || host.endsWith(`.${TESTNET_FACILITATOR_HOST}`)) {
    if (env.network !== "eip155:84532")
      problems.push(
        `FACILITATOR_URL ${env.facilitator.url} serves Base Sepolia only, not ${env.network}`,
      );
  }
  if (
    env.facilitator.url.startsWith(CDP_FACILITATOR) &&
    !(env.facilitator.cdpKeyId && env.facilitator.cdpKeySecret)
  )
    problems.push("CDP_API_KEY_ID and CDP_API_KEY_SECRET are required by the CDP facilitator");
  return problems;
}
