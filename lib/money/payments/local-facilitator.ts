import type { FacilitatorClient } from "@x402/core/server";
import { x402Facilitator } from "@x402/core/facilitator";
import type { Network } from "@x402/core/types";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { type Abi, concat, encodeFunctionData, type Hex, keccak256 } from "viem";
import { recentPromises } from "@/lib/platform/edge";
import type { ChainHeads } from "@/lib/money/payments/chain-head";
import type { OperatorWallet } from "@/lib/money/payments/operator-wallet";

// The devnet mines a transaction as it arrives: a receipt not there at the first look is there
// within moments, not at viem's default next look four seconds on.
const RECEIPT_POLL_MS = 100;

// The exact scheme reads the payer's code twice per verification, and a settlement verifies again:
// four reads of one fact within a payment. They share one read for this long. Whatever code the
// payer has, the token checks the authorization again on chain when it is settled.
const CODE_READ_TTL_MS = 1_000;
const CODE_READS_HELD = 10_000;

/**
 * The x402 exact-scheme facilitator running in-process against the devnet, exposed through the
 * same FacilitatorClient interface a hosted facilitator has.
 */
export function createLocalFacilitator(
  wallet: OperatorWallet,
  network: Network,
): FacilitatorClient {
  return createLocalFacilitatorFor([{ wallet, network }]);
}

/**
 * One in-process facilitator for several networks, each settled from its own chain's wallet.
 * `heads`, when given, hears of the block each settlement landed in.
 */
export function createLocalFacilitatorFor(
  chains: ReadonlyArray<{ wallet: OperatorWallet; network: Network }>,
  heads?: Pick<ChainHeads, "note">,
): FacilitatorClient {
  const facilitator = new x402Facilitator();
  for (const { wallet, network } of chains)
    facilitator.register(network, new ExactEvmScheme(facilitatorSigner(wallet, heads)));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () =>
      facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
}

function facilitatorSigner(wallet: OperatorWallet, heads?: Pick<ChainHeads, "note">) {
  const { client } = wallet;
  const send = signThenSend(wallet);
  const codes = recentPromises<Hex | undefined>(CODE_READ_TTL_MS, CODE_READS_HELD);
  return toFacilitatorEvmSigner(
    {
      address: wallet.account.address,
      readContract: (args) =>
        client.readContract(args as Parameters<typeof client.readContract>[0]),
      verifyTypedData: (args) =>
        client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
      writeContract: (args) =>
        send(
          args.address,
          concat([
            encodeFunctionData({
              abi: args.abi as Abi,
              functionName: args.functionName,
              args: args.args,
            }),
            args.dataSuffix ?? "0x",
          ]),
          args.gas,
        ),
      sendTransaction: (args) => send(args.to, args.data),
      waitForTransactionReceipt: async (args) => {
        const receipt = await client.waitForTransactionReceipt({
          pollingInterval: RECEIPT_POLL_MS,
          ...args,
        });
        heads?.note(client.chain.id, receipt.blockNumber);
        return receipt;
      },
      // Keyed by the address alone: each chain's signer holds its own reads.
      getCode: (args) =>
        codes(args.address.toLowerCase(), () => client.getCode({ address: args.address })),
    },
    { confirmationTimeoutMs: 30_000 },
  );
}

/**
 * Signs first, so the transaction's hash is known before it is broadcast, then returns that hash
 * whatever the broadcast answers: a lost or failed answer may hide a transaction that landed.
 * The receipt wait then decides; no receipt in time makes the settlement `pending` (unknown),
 * which the reconciler settles from the chain, never "failed". Errors before signing (a gas
 * estimate that reverts, a read that fails) mean nothing was sent and still throw.
 * Gas and fees are read before the settlement takes its turn at the wallet, in parallel with
 * other settlements; only the nonce, the signature and the broadcast go one at a time.
 */
function signThenSend(wallet: OperatorWallet) {
  const { client, account } = wallet;
  return async (to: `0x${string}`, data: `0x${string}`, gas?: bigint) => {
    const { nonce: _filled, ...request } = await client.prepareTransactionRequest({
      account,
      chain: client.chain,
      to,
      data,
      ...(gas ? { gas } : {}),
      parameters: ["chainId", "fees", "gas", "type"],
    });
    const raw = await wallet.broadcastInTurn(request as never);
    return keccak256(raw);
  };
}
