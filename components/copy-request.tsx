"use client";

import { useState } from "react";
import {
  cliSnippet,
  curlQuoteSnippet,
  type Recipe,
  typescriptSnippet,
} from "@/components/request-snippets";

/** "Request as code": the clip's request as a recipe that works again, for a shell or a program. */
export function CopyRequest({
  recipe,
  network,
  priceUsd,
}: {
  recipe: Recipe;
  network: string;
  priceUsd: string;
}) {
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
  const cli = cliSnippet(origin, recipe, priceUsd);
  const shown = cli ?? curlQuoteSnippet(origin, recipe);
  return (
    <details className="job-extras">
      <summary>Request as code</summary>
      <p className="muted small">
        {cli
          ? "Makes this clip again with the reel402 command (it pays a new quote with the key in $REEL402_PRIVATE_KEY), or from code with @x402/fetch."
          : "Asks this body's exact price by hand (nothing is paid), or pays for it from code with @x402/fetch."}
      </p>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => void copy(cli ? "Command" : "curl command", shown)}
        >
          {cli ? "Copy command" : "Copy as curl"}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void copy("TypeScript", typescriptSnippet(origin, recipe, network))}
        >
          Copy as TypeScript
        </button>
        <span className="muted small" role="status">
          {copied}
        </span>
      </div>
      <pre data-testid="request-snippet">{shown}</pre>
    </details>
  );
}
