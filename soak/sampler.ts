import type postgres from "postgres";

/** Samples the database every `everyMs`: the most jobs one wallet had generating at once. */
export function sampleGeneratingPerWallet(sql: postgres.Sql, everyMs = 200) {
  let max = 0;
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const rows = await sql<
        { n: number }[]
      >`select count(*)::int as n from jobs where status = 'generating' group by payer`.catch(
        () => [],
      );
      samples++;
      for (const r of rows) max = Math.max(max, r.n);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { max, samples };
    },
  };
}
