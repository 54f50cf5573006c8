"use client";

import { useState } from "react";
import { formatUnits } from "viem";
import { useAccount, useWalletClient } from "wagmi";
import type { StoredJob } from "@/components/job-store";
import type { Job } from "@/components/live-job";
import { fetchWithWalletProof } from "@/components/wallet-proof";
import { describeWalletFailure } from "@/components/wallet-failure";
import { IMAGE_PRODUCTS, PRODUCTS } from "@/lib/catalog/browser";

type HistoryJob = Job & { sku: string };
// One page of the most the API lists (50, as many as the page keeps): one request, one signature.
const LIMIT = 50;

function toStored(job: HistoryJob, payer: string): StoredJob {
  const product = [...PRODUCTS, ...IMAGE_PRODUCTS].find((p) => p.sku === job.sku);
  const fixed = product && product.mode === "fixed" ? product : undefined;
  const asked = job.request;
  return {
    id: job.job_id,
    sku: job.sku,
    priceUsd: job.payment ? formatUnits(BigInt(job.payment.amount), 6) : "?",
    transaction: job.payment?.transaction ?? null,
    createdAt: job.created_at,
    prompt: asked?.prompt ?? "",
    title: product?.title,
    durationSeconds: asked?.duration_seconds ?? fixed?.durationSeconds,
    resolution: asked?.resolution ?? fixed?.resolution,
    payer,
  };
}

/**
 * "Sign in with wallet": one sign-in-with-x signature lists the connected wallet's jobs
 * (GET /jobs?payer=…), so its clips show on any device, with nothing kept in this browser.
 */
export function WalletHistory({ onFound }: { onFound: (jobs: StoredJob[]) => void }) {
  const { address } = useAccount();
  const { data: wallet } = useWalletClient();
  const [state, setState] = useState<{
    busy: boolean;
    message: string | null;
    failed?: boolean;
    /** The wallet this page is signed in as: its clips were listed. */
    as?: string;
  }>({ busy: false, message: null });
  if (!address) return null;
  const signedIn = state.as === address.toLowerCase();

  const signIn = async () => {
    if (!wallet)
      return setState({
        busy: false,
        failed: true,
        message: "The wallet is still reconnecting. Try again in a moment.",
      });
    setState({ busy: true, message: "Sign the sign-in message in your wallet…" });
    try {
      const res = await fetchWithWalletProof(
        wallet,
        `/jobs?payer=${address.toLowerCase()}&limit=${LIMIT}`,
      );
      const body = (await res.json().catch(() => ({}))) as {
        jobs?: HistoryJob[];
        detail?: string;
      };
      if (!res.ok) throw new Error(body.detail ?? `the server answered ${res.status}`);
      const found = (body.jobs ?? []).map((j) => toStored(j, address));
      onFound(found);
      setState({
        busy: false,
        as: address.toLowerCase(),
        message: `${found.length} clip${found.length === 1 ? "" : "s"} paid by this wallet.`,
      });
    } catch (error) {
      setState({
        busy: false,
        failed: true,
        message: `Could not sign in: ${describeWalletFailure(error)}`,
      });
    }
  };
  return (
    <div className="row history-bar">
      {signedIn ? (
        <span className="pill signed-in" data-testid="signed-in">
          Signed in as {address.slice(0, 6)}…{address.slice(-4)}
        </span>
      ) : null}
      <button type="button" className="button" disabled={state.busy} onClick={() => void signIn()}>
        {signedIn ? "Refresh history" : "Sign in with wallet"}
      </button>
      {state.message && (
        <span
          className={`small ${state.failed ? "error" : "muted"}`}
          role={state.failed ? "alert" : "status"}
          data-testid="history-result"
        >
          {state.message}
        </span>
      )}
    </div>
  );
}
