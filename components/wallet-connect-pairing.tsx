"use client";

import { useEffect, useMemo, useState } from "react";
import { renderSVG } from "uqr";
import type { Connector } from "wagmi";

/**
 * The WalletConnect pairing code, drawn locally: the connector emits the `wc:` URI and a phone
 * wallet scans it (or a desktop wallet takes the copied link). Nothing is fetched to draw it.
 */
export function useWalletConnectUri(connector: Connector | undefined): string | null {
  const [uri, setUri] = useState<string | null>(null);
  useEffect(() => {
    if (!connector) return;
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type === "display_uri" && typeof data === "string") setUri(data);
    };
    const onDone = () => setUri(null);
    connector.emitter.on("message", onMessage);
    connector.emitter.on("connect", onDone);
    return () => {
      connector.emitter.off("message", onMessage);
      connector.emitter.off("connect", onDone);
    };
  }, [connector]);
  return uri;
}

export function WalletConnectPairing({ uri, onCancel }: { uri: string; onCancel: () => void }) {
  const svg = useMemo(() => renderSVG(uri, { border: 2 }), [uri]);
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="confirm pairing"
      role="dialog"
      aria-label="WalletConnect pairing"
      data-testid="walletconnect-pairing"
    >
      <p>Scan with a WalletConnect wallet on your phone, or copy the link into a desktop wallet.</p>
      <div
        className="qr"
        role="img"
        aria-label="Pairing QR code"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally from the pairing URI
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="wallet">
        <button
          type="button"
          className="button"
          onClick={() =>
            navigator.clipboard?.writeText(uri).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy pairing link"}
        </button>
        <button type="button" className="link" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
