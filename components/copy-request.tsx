"use client";

import { useState } from "react";
import type { SentRequest } from "@/components/job-store";
import { curlSnippet, typescriptSnippet } from "@/components/request-snippets";

/** "Copy as curl / TypeScript" for the request a job was made from. */
export function CopyRequest({ sent, network }: { sent: SentRequest; network: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (label: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${label} copied to the clipboard.`);
    } catch {
      setCopied("The browser refused the clipboard; select the text below instead.");
    }
  };
  const origin = window.location.origin;
  const curl = curlSnippet(origin, sent);
  return (
    <details className="job-extras">
      <summary>Request as code</summary>
      <div className="row">
        <button type="button" className="button" onClick={() => void copy("curl command", curl)}>
          Copy as curl
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void copy("TypeScript", typescriptSnippet(origin, sent, network))}
        >
          Copy as TypeScript
        </button>
        <span className="muted small" role="status">
          {copied}
        </span>
      </div>
      <pre data-testid="curl-snippet">{curl}</pre>
    </details>
  );
}
