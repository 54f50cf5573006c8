/**
 * A clip's request as a recipe to make it again: the body and the endpoint, never the payment of
 * the clip it came from (that signature is spent; showing it only invites a confusing replay).
 */
export type Recipe = { path: string; body: Record<string, unknown> };

/** A value inside single quotes in a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** USD with two decimals for --max-price: the CLI refuses to pay more than it. */
const cents = (usd: string) => (Math.ceil(Number(usd) * 100) / 100).toFixed(2);

/**
 * The reel402 CLI command that pays for the same clip again; null for what the CLI cannot send
 * (image products: their pictures are uploads the command does not make).
 */
export function cliSnippet(origin: string, recipe: Recipe, priceUsd: string): string | null {
  const match = /^\/generate\/(alpha|alpha-fast)\/(5s-720p|custom)$/.exec(recipe.path);
  if (!match) return null;
  const [, model, product] = match;
  const b = recipe.body;
  const args = [`reel402 generate ${shellQuote(String(b.prompt ?? ""))}`];
  args.push(`--url ${shellQuote(origin)}`, `--model ${model}`);
  if (product === "custom") {
    args.push(`--duration ${Number(b.duration ?? 5)}`, `--resolution ${b.resolution ?? "720p"}`);
    if (typeof b.seed === "number") args.push(`--seed ${b.seed}`);
    if (b.generate_audio === true) args.push("--audio");
    if (b.camera_fixed === true) args.push("--fixed-camera");
  }
  if (typeof b.ratio === "string") args.push(`--ratio ${shellQuote(b.ratio)}`);
  args.push(`--max-price ${cents(priceUsd)}`);
  return args.join(" \\\n  ");
}

/** The free first step by hand: this body's exact quote (HTTP 402), nothing signed or paid. */
export function curlQuoteSnippet(origin: string, recipe: Recipe): string {
  return [
    `curl -i -X POST ${shellQuote(`${origin}${recipe.path}`)}`,
    `  -H 'content-type: application/json'`,
    `  --data-raw ${shellQuote(JSON.stringify(recipe.body))}`,
  ].join(" \\\n");
}

/**
 * The same request from code, paying with @x402/fetch as docs/agents.md shows. A fresh
 * Idempotency-Key: run again, it makes (and pays for) a new clip with the same settings.
 */
export function typescriptSnippet(origin: string, recipe: Recipe, network: string): string {
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

const res = await pay(${JSON.stringify(`${origin}${recipe.path}`)}, {
  method: "POST",
  headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
  body: JSON.stringify(${JSON.stringify(recipe.body, null, 2).replaceAll("\n", "\n  ")}),
});
console.log(res.status, await res.json());
`;
}
