import type { ProblemCode } from "@/lib/platform/errors/problems";

/** One field of a request at fault, as the answer names it. */
export type FieldError = { field: string; message: string };

/**
 * The one way a module says no to a client: a stable problem code and what the domain decides
 * about it, with nothing of HTTP (lib/http/api/problem.ts alone turns it into an answer). Returned as
 * a value where a caller goes on to other work, thrown as RefusalError where it ends the request.
 */
export type Refusal = {
  readonly kind: "refused";
  readonly code: ProblemCode;
  readonly detail: string;
  /** Seconds after which the same request may succeed. */
  readonly retryAfter?: number;
  /** The content-policy category a screen refused under. */
  readonly category?: string;
  /** The request fields at fault. */
  readonly errors?: FieldError[];
  /** Further members the answer carries, owned by the refusing domain (a sign-in challenge, a job's status). */
  readonly extra?: Record<string, unknown>;
};

export type RefusalDetails = Omit<Refusal, "kind" | "code" | "detail">;

export function refusal(code: ProblemCode, detail: string, more: RefusalDetails = {}): Refusal {
  return { kind: "refused", code, detail, ...more };
}

// Next.js loads the start-up hook and each route as separate bundles, each with its own copy of
// this class, and a service the composition root built in one bundle throws into another: so a
// thrown refusal is recognised by a brand in the global symbol registry, not by `instanceof`.
const BRAND = Symbol.for("reel402.refusal-error");

/** A refusal thrown: the route's error boundary answers it as problem+json, never logs it as a bug. */
export class RefusalError extends Error {
  readonly refusal: Refusal;
  readonly [BRAND] = true;

  constructor(code: ProblemCode, detail: string, more?: RefusalDetails);
  constructor(refused: Refusal);
  constructor(code: ProblemCode | Refusal, detail = "", more: RefusalDetails = {}) {
    const r = typeof code === "string" ? refusal(code, detail, more) : code;
    super(r.detail);
    this.name = "RefusalError";
    this.refusal = r;
  }

  get code(): ProblemCode {
    return this.refusal.code;
  }

  get retryAfter(): number | undefined {
    return this.refusal.retryAfter;
  }
}

/** Whether `error` is a thrown refusal, whichever bundle's copy of RefusalError made it. */
export function isRefusalError(error: unknown): error is RefusalError {
  return typeof error === "object" && error !== null && BRAND in error;
}
