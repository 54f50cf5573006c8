// Kept for the importers that predate lib/errors: describeError lives there, below every domain.
export { describeError } from "@/lib/errors/describe-error";
