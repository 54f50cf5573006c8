import { payingFetch } from "./payer";

/** Pays for one generation with devnet account #index and returns the JobCreated body. */
export async function payForJob(
  baseUrl: string,
  index: number,
  path: string,
  body: object,
  headers: Record<string, string> = {},
) {
  const payer = payingFetch(index);
  const res = await payer.fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`paid POST ${path} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as { job_id: string; status: string; status_url: string };
}
