"use client";

import { AppProviders } from "@/components/app-providers";
import { ComposeForm } from "@/components/compose-form";
import { JobCard } from "@/components/job-card";
import { useStoredJobs } from "@/components/job-store";
import { WalletHistory } from "@/components/wallet-history";
import { WalletPanel } from "@/components/wallet-panel";
import type { StudioConfig } from "@/lib/http/browser";
import { useState } from "react";
import type { StoredJob } from "@/components/job-store";

function StudioBody({ config }: { config: StudioConfig }) {
  const { jobs, add, remove, merge } = useStoredJobs();
  // The clip just paid on this page: its card scrolls into view (on a phone it is below the form).
  const [freshId, setFreshId] = useState<string | null>(null);
  const onJob = (job: StoredJob) => {
    add(job);
    setFreshId(job.id);
  };
  return (
    <div className="page">
      <header className="top">
        <div>
          <h1>Reel402</h1>
          <p className="muted">
            AI video clips, paid per clip in USDC with one wallet signature. No account.
          </p>
        </div>
        <WalletPanel config={config} />
      </header>
      {(config.demoWallet || config.localRenderer) && (
        <div className="notice devnet" data-testid="devnet-notice">
          {config.demoWallet && (
            <p>
              Devnet: payments use test USDC on the {config.chainName}. The demo wallet is funded
              and needs no extension.
            </p>
          )}
          {config.localRenderer && (
            <p data-testid="renderer-notice">
              Clips here come from the local stand-in renderer, not a video model: a gradient with
              your prompt written on it, at the size, length and frame rate you paid for. A
              production deployment sends the same request to a hosted video model (BytePlus
              ModelArk, fal or Replicate), with failover between them.
            </p>
          )}
        </div>
      )}
      <main className="columns">
        <ComposeForm config={config} onJob={onJob} />
        <section aria-label="Your clips" className="jobs">
          <h2>Your clips</h2>
          <WalletHistory onFound={merge} />
          {jobs.length === 0 && (
            <div className="empty" data-testid="jobs-empty">
              <p>
                <strong>No clips yet.</strong>
              </p>
              <p className="muted">
                Paid clips appear here and update live until the video is ready. Signing in with the
                wallet that paid brings its clips back on any device.
              </p>
            </div>
          )}
          {jobs.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              explorerTxUrl={config.explorerTxUrl}
              network={config.network}
              onRemove={() => remove(job.id)}
              fresh={job.id === freshId}
            />
          ))}
        </section>
      </main>
      <footer className="muted small">
        For agents: <a href="/llms.txt">llms.txt</a> · <a href="/openapi.json">OpenAPI</a> ·{" "}
        <a href="/status">status</a>
      </footer>
    </div>
  );
}

export function Studio({ config }: { config: StudioConfig }) {
  return (
    <AppProviders config={config}>
      <StudioBody config={config} />
    </AppProviders>
  );
}
