import type { FacilitatorClient } from "@x402/core/server";
import { x402Facilitator } from "@x402/core/facilitator";
import type { Network } from "@x402/core/types";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import type { OperatorWallet } from "@/lib/payments/operator-wallet";

/**
 * The x402 exact-scheme facilitator running in-process against the devnet, exposed through the
 * same FacilitatorClient interface a hosted facilitator has.
 */
export function createLocalFacilitator(wallet: OperatorWallet, network: Network): FacilitatorClient {
  const { client, serialize } = wallet;
  const signer = toFacilitatorEvmSigner(
    {
      address: wallet.account.address,
      readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
      verifyTypedData: (args) => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
      writeContract: (args) => serialize(() => client.writeContract(args as Parameters<typeof client.writeContract>[0])),
      sendTransaction: (args) => serialize(() => client.sendTransaction(args)),
      waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
      getCode: (args) => client.getCode(args),
    },
    { confirmationTimeoutMs: 30_000 },
  );
  const facilitator = new x402Facilitator().register(network, new ExactEvmScheme(signer));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
}
