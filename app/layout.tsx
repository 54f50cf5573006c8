import "./globals.css";
import { connection } from "next/server";
import type { ReactNode } from "react";

export const metadata = {
  title: "Reel402",
  description: "Pay-per-call AI video generation over x402.",
};

export const viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so its scripts carry that response's CSP nonce (proxy.ts);
  // a page prerendered at build time (the 404 page) would have scripts the policy blocks.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
