"use client";

import { useState } from "react";
import { formatUnits } from "viem";
import { useAccount, useWalletClient } from "wagmi";
import type { StoredJob } from "@/components/job-store";
import type { Job } from "@/components/live-job";
import { walletProofHeaders } from "@/components/wallet-proof";
import { IMAGE_PRODUCTS, PRODUCTS } from "@/lib/catalog/products";

type HistoryJob = Job & { sku: string };
// One page as long as the list keeps (50): a proof is good once, so each page would cost a signature.
const LIMIT = 50;

function toStored(job: HistoryJob, payer: string): StoredJob {
  const product = [...PRODUCTS, ...IMAGE_PRODUCTS].find((p) => p.sku === job.sku);
  const fixed = product && product.mode === "fixed" ? product : undefined;
  return {
    id: job.job_id,
    sku: job.sku,
    priceUsd: job.payment ? formatUnits(BigInt(job.payment.amount), 6) : "?",
    transaction: job.payment?.transaction ?? null,
    createdAt: job.created_at,
    prompt: "", // the API keeps no prompt to hand back
    title: product?.title,
    durationSeconds: fixed?.durationSeconds,
    resolution: fixed?.resolution,
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
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  if (!address || !wallet) return null;

  const signIn = async () => {
    setState({ busy: true, message: null });
    try {
      const path = `/jobs?payer=${address.toLowerCase()}&limit=${LIMIT}`;
      const headers = await walletProofHeaders(wallet, path);
      const res = await fetch(path, { headers });
      const body = (await res.json().catch(() => ({}))) as {
        jobs?: HistoryJob[];
        detail?: string;
      };
      if (!res.ok) throw new Error(body.detail ?? `the server answered ${res.status}`);
      const found = (body.jobs ?? []).map((j) => toStored(j, address));
      onFound(found);
      setState({
        busy: false,
        message: `${found.length} clip${found.length === 1 ? "" : "s"} paid by this wallet.`,
      });
    } catch (error) {
      setState({ busy: false, message: `Could not sign in: ${(error as Error).message}` });
    }
  };
  return (
    <div className="row">
      <button type="button" className="button" disabled={state.busy} onClick={() => void signIn()}>
        Sign in with wallet
      </button>
      {state.message && (
        <span className="muted small" role="status" data-testid="history-result">
          {state.message}
        </span>
      )}
    </div>
  );
}
