import "./globals.css";
import type { ReactNode } from "react";

export const metadata = { title: "Reel402", description: "Pay-per-call AI video generation over x402." };

export const viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
