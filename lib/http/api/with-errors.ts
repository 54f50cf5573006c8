import { ConfigError, describeError, isRefusalError } from "@/lib/platform";
import { problem, refusalResponse } from "@/lib/http/api/problem";

/** Last line of defence for a route: log the error, answer problem+json, never a stack trace. */
export function withErrors<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (error) {
      // A thrown refusal is a 4xx/503 the business code chose, not a bug: answered, not logged.
      if (isRefusalError(error)) return refusalResponse(error.refusal);
      const id = crypto.randomUUID();
      // A configuration error names variables, never their values, so its message is kept.
      const config = error instanceof ConfigError ? `: ${error.message}` : "";
      console.error(`[reel402] unhandled error ${id}: ${describeError(error)}${config}`);
      if (error instanceof ConfigError) {
        return problem("unavailable", `The service is misconfigured (incident ${id}).`);
      }
      return problem(
        "internal_error",
        `Something went wrong on our side (incident ${id}). Nothing was charged unless a job id was returned.`,
        {
          extra: { incident: id },
        },
      );
    }
  };
}
