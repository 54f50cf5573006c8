import type { SentRequest } from "@/components/job-store";

/** A value inside single quotes in a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The paid request as sent, for a shell. Replaying it is safe: the same Idempotency-Key and
 * signature answer with the same job and never charge again.
 */
export function curlSnippet(origin: string, sent: SentRequest): string {
  const lines = [`curl -X POST ${shellQuote(`${origin}${sent.path}`)}`];
  for (const [name, value] of Object.entries(sent.headers))
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  lines.push(`  --data-raw ${shellQuote(JSON.stringify(sent.body))}`);
  return lines.join(" \\\n");
}

/**
 * The same request from code, paying with @x402/fetch as the README shows. A fresh
 * Idempotency-Key: run again, it makes (and pays for) a new clip with the same settings.
 */
export function typescriptSnippet(origin: string, sent: SentRequest, network: string): string {
  return `import { x402Client, wrapFetchWithPayment } from "@x402/fetch";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { toClientEvmSigner } from "@x402/evm";
import { privateKeyToAccount } from "viem/accounts";

const client = new x402Client();
registerExactEvmScheme(client, {
  signer: toClientEvmSigner(privateKeyToAccount(process.env.PAYER_PRIVATE_KEY as \`0x\${string}\`)),
  networks: [${JSON.stringify(network)}],
});
// A custom clip can cost more than the stock $1 cap.
client.setSpendControls({ maxAmountPerPayment: "$10", allowedAssets: true });
const pay = wrapFetchWithPayment(fetch, client);

const res = await pay(${JSON.stringify(`${origin}${sent.path}`)}, {
  method: "POST",
  headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
  body: JSON.stringify(${JSON.stringify(sent.body, null, 2).replaceAll("\n", "\n  ")}),
});
console.log(res.status, await res.json());
`;
}
