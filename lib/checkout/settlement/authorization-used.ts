import { parseAbiItem, type PublicClient } from "viem";
import {
  type ChainFact,
  type Head,
  no,
  type PaymentRow,
  readFact,
  unknown,
  yes,
} from "@/lib/money";

const AUTH_STATE = parseAbiItem(
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
);
const AUTH_USED = parseAbiItem(
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
);

/** yes(transaction) when the authorization was used, no when unused as of `head`, else unknown. */
export async function authorizationUsed(
  chain: PublicClient,
  asset: `0x${string}`,
  payment: PaymentRow,
  head: Head,
): Promise<ChainFact<string | null>> {
  const authorizer = payment.payer as `0x${string}`;
  const nonce = payment.nonce as `0x${string}`;
  // Pinned to the head just read, so the answer and the head's clock describe the same state.
  const used = await readFact(() =>
    chain.readContract({
      address: asset,
      abi: [AUTH_STATE],
      functionName: "authorizationState",
      args: [authorizer, nonce],
      blockNumber: head.number,
    }),
  );
  if (used.kind !== "yes") return unknown(used.kind === "unknown" ? used.reason : "no answer");
  if (!used.value) return no();
  const logs = await readFact(() =>
    chain.getLogs({
      address: asset,
      event: AUTH_USED,
      args: { authorizer, nonce },
      fromBlock: 0n,
      toBlock: head.number,
    }),
  );
  if (logs.kind !== "yes") return unknown(logs.kind === "unknown" ? logs.reason : "no logs");
  return yes(logs.value[0]?.transactionHash ?? null);
}
