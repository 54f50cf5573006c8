"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { WalletClient } from "viem";
import { useAccount, useWalletClient } from "wagmi";
import { walletProofHeaders } from "@/components/wallet-proof";

/**
 * The headers that prove the payer asks: a sign-in-with-x signature over the server's challenge
 * for this job's path (DELETE /jobs/{id} answers 401 with it and cancels nothing without one).
 */
export type CancelAuthorizer = (
  wallet: WalletClient,
  jobId: string,
) => Promise<Record<string, string>>;
export const authorizeCancel: CancelAuthorizer = (wallet, jobId) =>
  walletProofHeaders(wallet, `/jobs/${jobId}`, "DELETE");

const SUPPORT = ["cancel-supported"] as const;

/**
 * Whether this server cancels jobs at all, asked once per page with a DELETE of a job id that
 * cannot exist: a 405 means no route takes DELETE. Nothing can be cancelled by this question.
 */
function useCancelSupported(enabled: boolean): boolean {
  const query = useQuery({
    queryKey: SUPPORT,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      (await fetch(`/jobs/${crypto.randomUUID()}`, { method: "DELETE" })).status !== 405,
  });
  return query.data === true;
}

export function CancelJobButton({
  jobId,
  payer,
  open,
  onCancelled,
}: {
  jobId: string;
  /** The job can still be cancelled (queued); a refusal stays shown after it moves on. */
  open: boolean;
  payer: string | undefined;
  /** The job as the API answers it once cancelled (status cancelled, refund under way). */
  onCancelled: (job: unknown) => void;
}) {
  const { address } = useAccount();
  const { data: wallet } = useWalletClient();
  const client = useQueryClient();
  const mine = Boolean(address && payer && address.toLowerCase() === payer.toLowerCase());
  const supported = useCancelSupported(mine);
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  if (!mine || !supported || !wallet || (!open && !state.message)) return null;

  const cancel = async () => {
    setState({ busy: true, message: null });
    try {
      const headers = await authorizeCancel(wallet, jobId);
      const res = await fetch(`/jobs/${jobId}`, { method: "DELETE", headers });
      if (res.status === 405 || res.status === 404) {
        client.setQueryData(SUPPORT, false); // this server does not cancel: hide the button
        return;
      }
      if (res.ok) {
        setState({ busy: false, message: null });
        return onCancelled(await res.json());
      }
      // 409 says why (the upstream already has it); 401/403 that the wallet is not the payer.
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      setState({ busy: false, message: body.detail ?? `Could not cancel (${res.status}).` });
    } catch (error) {
      setState({ busy: false, message: `Could not cancel: ${(error as Error).message}` });
    }
  };
  return (
    <div className="row">
      {open && (
        <button
          type="button"
          className="button"
          disabled={state.busy}
          onClick={() => void cancel()}
        >
          Cancel this clip
        </button>
      )}
      {state.message && (
        <span className="error small" role="alert" data-testid="cancel-refused">
          {state.message}
        </span>
      )}
    </div>
  );
}
