import { isUserRejection } from "@/components/pay-for-clip";
import { WalletTimeout } from "@/components/wallet-timeout";

/** A wallet action's failure in words a person can act on (the first line only: no stack, no blob). */
export function describeWalletFailure(error: unknown): string {
  if (isUserRejection(error)) return "the signature was rejected in the wallet.";
  if (error instanceof WalletTimeout) return error.message;
  if (error instanceof TypeError) return "the service could not be reached. Check your connection.";
  const message = String((error as Error)?.message ?? error).split("\n")[0];
  return `${message}. Try again; if it keeps failing, disconnect the wallet and connect it again.`;
}
