"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { describeWalletFailure } from "@/components/wallet-failure";
import { useState } from "react";
import { useAccount, useWalletClient } from "wagmi";
import { fetchWithWalletProof } from "@/components/wallet-proof";

/** Set once a DELETE answered 405/404: this server does not cancel, so no card offers it again. */
const SUPPORT = ["cancel-unsupported"] as const;

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
  // Asked of the server only when someone cancels: a probe on load was a 401 in every console.
  const unsupported = useQuery({
    queryKey: SUPPORT,
    queryFn: () => false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  if (!mine || (!open && !state.message) || (unsupported && !state.message)) return null;

  const cancel = async () => {
    if (!wallet)
      return setState({
        busy: false,
        message: "The wallet is still reconnecting. Try again in a moment.",
      });
    setState({ busy: true, message: null });
    try {
      const res = await fetchWithWalletProof(wallet, `/jobs/${jobId}`, "DELETE");
      if (res.status === 405 || res.status === 404) {
        client.setQueryData(SUPPORT, true);
        return setState({ busy: false, message: "This server does not cancel clips." });
      }
      if (res.ok) {
        setState({ busy: false, message: null });
        return onCancelled(await res.json());
      }
      // 409 says why (the upstream already has it); 401/403 that the wallet is not the payer.
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      setState({ busy: false, message: body.detail ?? `Could not cancel (${res.status}).` });
    } catch (error) {
      setState({ busy: false, message: `Not cancelled: ${describeWalletFailure(error)}` });
    }
  };
  return (
    <div className="row">
      {open && !unsupported && (
        <button
          type="button"
          className="button"
          disabled={state.busy}
          onClick={() => void cancel()}
        >
          Cancel this clip
        </button>
      )}
      {state.busy && (
        <span className="muted small" role="status">
          Sign the cancel request in your wallet…
        </span>
      )}
      {state.message && (
        <span className="error small" role="alert" data-testid="cancel-refused">
          {state.message}
        </span>
      )}
    </div>
  );
}
