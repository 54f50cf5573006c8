/** One line of `npm run doctor`: a check that passed, failed, or could not be made (and why). */
export type CheckResult = { status: "ok" | "fail" | "skip"; name: string; detail: string };

export const ok = (name: string, detail: string): CheckResult => ({ status: "ok", name, detail });
export const fail = (name: string, detail: string): CheckResult => ({
  status: "fail",
  name,
  detail,
});
export const skip = (name: string, detail: string): CheckResult => ({
  status: "skip",
  name,
  detail,
});

export function reason(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string; code?: string } };
  const cause = e?.cause?.code ?? e?.cause?.message;
  return [e?.message ?? String(error), cause].filter(Boolean).join(": ");
}
