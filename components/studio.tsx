"use client";

import { AppProviders } from "@/components/app-providers";
import { ComposeForm } from "@/components/compose-form";
import { JobCard } from "@/components/job-card";
import { useStoredJobs } from "@/components/job-store";
import { WalletHistory } from "@/components/wallet-history";
import { WalletPanel } from "@/components/wallet-panel";
import type { StudioConfig } from "@/lib/storefront/studio-config";

function StudioBody({ config }: { config: StudioConfig }) {
  const { jobs, add, remove, merge } = useStoredJobs();
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
      {config.demoWallet && (
        <p className="notice">
          Devnet: payments use test USDC on the {config.chainName}. The demo wallet is funded and
          needs no extension.
        </p>
      )}
      <main className="columns">
        <ComposeForm config={config} onJob={add} />
        <section aria-label="Your clips" className="jobs">
          <h2>Your clips</h2>
          <WalletHistory onFound={merge} />
          {jobs.length === 0 && (
            <p className="muted">
              Paid clips appear here and keep updating until the video is ready. Signing in with the
              wallet that paid brings back its clips from any device.
            </p>
          )}
          {jobs.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              explorerTxUrl={config.explorerTxUrl}
              network={config.network}
              onRemove={() => remove(job.id)}
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
