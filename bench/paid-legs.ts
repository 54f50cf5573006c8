import path from "node:path";
import { startTestChain } from "../tests/helpers/chain";
import { payingFetch } from "../tests/helpers/payer";
import { startBuiltService } from "./built-service";
import { anyIp, type LoadTarget } from "./http";
import { advertised, PRODUCT, quantile, type Reference, SERVICE_ENV, startReference } from "./paid";

/**
 * npm run bench -- paid-legs [--compare <dir>] [--samples 40] [--rounds 2] [--only pglite|postgres]
 *
 * Where one payer's round trip goes, on each side: the unpaid 402, the client signing, and the
 * paid retry, timed at the client (the stock @x402/fetch client over a timing fetch). The payer
 * pays back to back, as an agent paying in a loop does, so each request meets whatever the one
 * before it left running (for the service, the engine starting the job it created). With
 * --compare, another built checkout runs beside this one on the same chain, and the sides take
 * turns round by round, so all meet the machine in the same mood. Prints figures only.
 */
type Options = {
  compare: string | null;
  samples: number;
  rounds: number;
  only: "pglite" | "postgres" | null;
};
type Side = { name: string; target: LoadTarget };
type Legs = { quote: number[]; sign: number[]; paid: number[]; total: number[] };

const WARM_UPS = 10;

export async function benchPaidLegs(opts: Options): Promise<void> {
  const kinds = (["pglite", "postgres"] as const).filter((k) => !opts.only || opts.only === k);
  console.log(
    `\npaid-legs: one payer back to back, ${opts.samples} round trips a side a round, ${opts.rounds} rounds, p50 in ms`,
  );
  const chain = await startTestChain();
  let reference: Reference | null = null;
  // Each request's start and end as the client saw them: the 402's, then the paid retry's.
  let marks: number[] = [];
  const timing: typeof fetch = async (input, init) => {
    const start = performance.now();
    const res = await fetch(input, init);
    const body = await res.arrayBuffer();
    marks.push(start, performance.now());
    return new Response(body, { status: res.status, headers: res.headers });
  };
  const payer = payingFetch(1, "$20", undefined, timing);
  let take = 0;
  const run = async (side: Side, legs: Legs, count: number) => {
    for (let i = 0; i < count; i++) {
      marks = [];
      const start = performance.now();
      const res = await payer.fetch(`${side.target.url}${PRODUCT}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": anyIp() },
        body: JSON.stringify({ prompt: `a lighthouse at dusk, leg ${take++}` }),
      });
      await res.arrayBuffer();
      const total = performance.now() - start;
      const [q0 = 0, q1 = 0, p0 = 0, p1 = 0] = marks;
      if (res.status !== 200 || marks.length !== 4)
        throw new Error(`${side.name}: expected a 402 then a 200, got ${res.status}`);
      legs.quote.push(q1 - q0);
      legs.sign.push(p0 - q1);
      legs.paid.push(p1 - p0);
      legs.total.push(total);
    }
  };
  try {
    for (const kind of kinds) {
      const builds = [{ name: "this build", cwd: process.cwd() }];
      if (opts.compare) builds.push({ name: path.basename(opts.compare), cwd: opts.compare });
      const started: Awaited<ReturnType<typeof startBuiltService>>[] = [];
      try {
        for (const build of builds)
          started.push(await startBuiltService(chain, kind, build.cwd, SERVICE_ENV));
        const first = started[0]?.server;
        if (!first) continue;
        reference ??= await startReference(chain, await advertised(first.url));
        const sides: Side[] = [
          ...started.map(({ server }, i) => ({
            name: builds[i]?.name ?? "",
            target: server as LoadTarget,
          })),
          { name: "reference", target: reference },
        ];
        const legs = new Map<string, Legs>(
          sides.map((s) => [s.name, { quote: [], sign: [], paid: [], total: [] }]),
        );
        const scratch: Legs = { quote: [], sign: [], paid: [], total: [] };
        for (const side of sides) await run(side, scratch, WARM_UPS);
        for (let round = 0; round < opts.rounds; round++)
          for (const side of round % 2 ? [...sides].reverse() : sides) {
            const into = legs.get(side.name);
            if (into) await run(side, into, opts.samples);
          }
        console.log(`\n${kind}`);
        console.log(
          `  ${"side".padEnd(22)}${"402".padStart(8)}${"signing".padStart(9)}${"paid".padStart(8)}${"round trip".padStart(12)}`,
        );
        for (const [name, l] of legs) {
          const p50 = (s: number[]) => quantile(s, 0.5).toFixed(1);
          console.log(
            `  ${name.slice(-22).padEnd(22)}${p50(l.quote).padStart(8)}${p50(l.sign).padStart(9)}${p50(l.paid).padStart(8)}${p50(l.total).padStart(12)}`,
          );
        }
      } finally {
        for (const { stop } of started) await stop();
      }
    }
  } finally {
    await reference?.stop();
    await chain.stop();
  }
}
