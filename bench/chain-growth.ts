import { payingFetch } from "../tests/helpers/payer";
import { startBuiltService } from "./built-service";
import { cpuMs } from "./http";
import { advertised, fundedChain, PAYERS, PRODUCT, SERVICE_ENV, startReference } from "./paid";

/**
 * npm run bench -- chain-growth [--rounds 8] [--per-round 400] [--payers 8]
 *
 * What the devnet chain's history costs: the x402 reference stack alone (priced from the built
 * service's 402, read once) paid by `--payers` payers, round after round of `--per-round` paid
 * requests on one new chain, printing per round the paid requests a second and the CPU per paid
 * request of anvil and of the reference. Why the paid bench gives each database a chain of its
 * own. Prints figures only.
 */
export async function benchChainGrowth(opts: {
  rounds: number;
  perRound: number;
  payers: number;
}): Promise<void> {
  const chain = await fundedChain(opts.payers);
  try {
    const service = await startBuiltService(chain, "pglite", process.cwd(), SERVICE_ENV);
    const accepted = await advertised(service.server.url).finally(() => service.stop());
    const reference = await startReference(chain, accepted);
    try {
      const clients = PAYERS.slice(0, opts.payers).map((i) => payingFetch(i));
      console.log(
        `\nchain-growth: the reference paid by ${opts.payers} payers, ${opts.perRound} paid requests a round, one chain`,
      );
      console.log(
        `  ${"paid so far".padStart(11)} ${"paid/s".padStart(7)} ${"anvil ms/paid".padStart(14)} ${"reference ms/paid".padStart(18)}`,
      );
      let n = 0;
      for (let round = 1; round <= opts.rounds; round++) {
        const before = [cpuMs(chain) ?? 0, cpuMs(reference) ?? 0];
        const started = performance.now();
        let paid = 0;
        await Promise.all(
          clients.map(async (client) => {
            while (paid < opts.perRound) {
              paid++;
              const res = await client.fetch(`${reference.url}${PRODUCT}`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ prompt: `a lighthouse at dusk, take ${n++}` }),
              });
              await res.text();
              if (res.status !== 200) throw new Error(`a paid request answered ${res.status}`);
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const anvilMs = ((cpuMs(chain) ?? 0) - (before[0] ?? 0)) / paid;
        const referenceMs = ((cpuMs(reference) ?? 0) - (before[1] ?? 0)) / paid;
        console.log(
          `  ${String(round * opts.perRound).padStart(11)} ${(paid / seconds).toFixed(1).padStart(7)} ${anvilMs.toFixed(1).padStart(14)} ${referenceMs.toFixed(1).padStart(18)}`,
        );
      }
    } finally {
      await reference.stop();
    }
  } finally {
    await chain.stop();
  }
}
