import Link from "next/link";

export const metadata = { title: "Page not found — Reel402" };

/** The HTML 404 for browsers; API clients get a problem+json 404 from proxy.ts instead. */
export default function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p className="muted">
        Nothing is served at this address. The <Link href="/">studio</Link> makes clips; agents
        start from <a href="/llms.txt">llms.txt</a> or <a href="/openapi.json">the OpenAPI</a>.
      </p>
    </main>
  );
}
