import { authorizationTypes } from "@x402/evm";
import { recoverTypedDataAddress } from "viem";
import type { Env } from "@/lib/platform";
import { decodePayment } from "@/lib/money";

/**
 * An Idempotency-Key belongs to the wallet that paid with it: the stored key is the payer's
 * address and the client's key together, so another wallet using the same key (and body) never
 * reaches the first wallet's job and receipt; it makes a request of its own.
 */
export function payerScopedKey(payer: string, key: string): string {
  return `${payer.toLowerCase()} ${key}`;
}

/**
 * The wallet a PAYMENT-SIGNATURE proves, checked here without the facilitator: its EIP-3009
 * authorization, signed for one of the tokens we accept, must recover to its own `from`. Null for
 * anything less (undecodable, another token, a signature by someone else, a contract wallet's
 * signature that only the chain can check): such a request is not answered from anyone's key and
 * goes on to be verified like any payment. Whoever holds a wallet's signed payment for a request
 * can already replay it (the authorization itself names its job); this adds no more than that.
 */
export async function signedPayer(signature: string, env: Env): Promise<string | null> {
  const decoded = decodePayment(signature);
  if (!decoded.ok) return null;
  const accepted = decoded.payload.accepted as { network?: unknown; asset?: unknown };
  const network = env.networks.find(
    (n) =>
      n.network === accepted.network &&
      typeof accepted.asset === "string" &&
      n.asset.address.toLowerCase() === accepted.asset.toLowerCase(),
  );
  if (!network) return null;
  const { auth } = decoded;
  const payload = decoded.payload.payload as { signature: `0x${string}` };
  try {
    const signer = await recoverTypedDataAddress({
      domain: {
        name: network.asset.name,
        version: network.asset.version,
        chainId: network.chainId,
        verifyingContract: network.asset.address,
      },
      types: authorizationTypes,
      primaryType: "TransferWithAuthorization",
      message: {
        from: auth.from as `0x${string}`,
        to: auth.to as `0x${string}`,
        value: auth.value,
        validAfter: auth.validAfter,
        validBefore: auth.validBefore,
        nonce: auth.nonce as `0x${string}`,
      },
      signature: payload.signature,
    });
    return signer.toLowerCase() === auth.from ? auth.from : null;
  } catch {
    return null;
  }
}
