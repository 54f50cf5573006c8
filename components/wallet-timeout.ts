/**
 * A wallet that never answers (an extension closed mid-request, a phone that went to sleep) must
 * not leave the page silent: after `ms` the action fails with a message saying what to do.
 */
export class WalletTimeout extends Error {
  constructor(readonly seconds: number) {
    super(
      `The wallet did not answer within ${seconds} s. Open your wallet to see whether it is waiting for you, then try again. Nothing was charged.`,
    );
    this.name = "WalletTimeout";
  }
}

export const WALLET_TIMEOUT_MS = 45_000;

export function withWalletTimeout<T>(work: Promise<T>, ms = WALLET_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletTimeout(Math.round(ms / 1000))), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
