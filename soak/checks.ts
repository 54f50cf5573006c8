import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { decodeEventLog, type PublicClient } from "viem";
import { TOKEN_ABI } from "@/lib/devnet/setup-chain";

export type Check = { name: string; ok: boolean; detail: string };

type PaidJob = {
  id: string;
  status: string;
  payer: string;
  prompt: string;
  amount: string;
  pay_tx: string | null;
  refund_status: string | null;
  refund_tx: string | null;
  refund_amount: string | null;
};

/** The jobs of this run with a settled payment, with their refund if any. */
export async function paidJobs(sql: postgres.Sql): Promise<PaidJob[]> {
  return [
    ...(await sql<PaidJob[]>`
      select j.id, j.status, j.payer, j.spec->>'prompt' as prompt, p.amount_atomic::text as amount, p.transaction as pay_tx,
             r.status as refund_status, r.transaction as refund_tx, r.amount_atomic::text as refund_amount
      from jobs j join payments p on p.job_id = j.id left join refunds r on r.job_id = j.id
      where p.status = 'settled'`),
  ];
}

/** Did this transaction succeed and move exactly `amount` of the token from `from` (if given) to `to`? */
async function transferred(
  chain: PublicClient,
  token: string,
  hash: string | null,
  to: string,
  amount: bigint,
): Promise<boolean> {
  if (!hash) return false;
  const receipt = await chain
    .getTransactionReceipt({ hash: hash as `0x${string}` })
    .catch(() => null);
  if (receipt?.status !== "success") return false;
  return receipt.logs.some((log) => {
    if (log.address.toLowerCase() !== token.toLowerCase()) return false;
    try {
      const ev = decodeEventLog({ abi: TOKEN_ABI, data: log.data, topics: log.topics });
      const args = ev.args as { to?: string; value?: bigint };
      return (
        ev.eventName === "Transfer" &&
        args.to?.toLowerCase() === to.toLowerCase() &&
        args.value === amount
      );
    } catch {
      return false;
    }
  });
}

/** Every paid job succeeded, or failed and was refunded in a confirmed transfer back to its payer; every payment is on chain. */
export async function checkOutcomes(
  jobs: PaidJob[],
  chain: PublicClient,
  token: string,
  payTo: string,
): Promise<Check> {
  const bad: string[] = [];
  for (const j of jobs) {
    if (!(await transferred(chain, token, j.pay_tx, payTo, BigInt(j.amount))))
      bad.push(`${j.id}: payment not on chain`);
    if (j.status === "succeeded") continue;
    if (j.status !== "failed") bad.push(`${j.id}: still ${j.status}`);
    else if (j.refund_status !== "confirmed" || j.refund_amount !== j.amount)
      bad.push(`${j.id}: refund ${j.refund_status ?? "missing"}`);
    else if (!(await transferred(chain, token, j.refund_tx, j.payer, BigInt(j.amount))))
      bad.push(`${j.id}: refund not on chain`);
  }
  const s = jobs.filter((j) => j.status === "succeeded").length;
  return {
    name: "every paid job succeeded or failed with a confirmed refund",
    ok: bad.length === 0,
    detail: bad.length
      ? bad.slice(0, 5).join("; ")
      : `${s} succeeded, ${jobs.length - s} failed and refunded on chain`,
  };
}

/** Each payer's balance fell by exactly the quotes of its succeeded jobs. */
export function checkNetChange(
  jobs: PaidJob[],
  before: Map<string, bigint>,
  after: Map<string, bigint>,
): Check & { spent: bigint; expected: bigint } {
  const bad: string[] = [];
  let spent = 0n;
  let expected = 0n;
  for (const [payer, was] of before) {
    const owed = jobs
      .filter((j) => j.payer.toLowerCase() === payer.toLowerCase() && j.status === "succeeded")
      .reduce((sum, j) => sum + BigInt(j.amount), 0n);
    const change = was - (after.get(payer) ?? 0n);
    spent += change;
    expected += owed;
    if (change !== owed) bad.push(`${payer}: paid ${change}, owed ${owed}`);
  }
  return {
    name: "each payer's net change equals its succeeded jobs' quotes",
    ok: bad.length === 0,
    detail: bad.length
      ? bad.slice(0, 5).join("; ")
      : `${before.size} payers, ${spent} atomic USDC spent = ${expected} owed`,
    spent,
    expected,
  };
}

/**
 * No job generated twice upstream. The renderer's own record is its task folders (spec.json with
 * the prompt, which carries the job's tag; output.mp4 only once a render finished in charge). A
 * job may have several tasks (an injected failure, an interrupted submission, failover), but at
 * most one finished video, and a succeeded job's one video is the task its succeeded attempt names.
 */
export async function checkSingleGeneration(
  sql: postgres.Sql,
  rendersDir: string,
  jobs: PaidJob[],
): Promise<Check & { tasks: number; faults: number; orphans: number }> {
  const attempts = await sql<
    { job_id: string; task_id: string | null; status: string }[]
  >`select job_id, task_id, status from attempts`;
  const byTask = new Map(attempts.filter((a) => a.task_id).map((a) => [a.task_id as string, a]));
  const jobByPrompt = new Map(jobs.map((j) => [j.prompt, j]));
  const finished = new Map<string, string[]>();
  let faults = 0;
  let orphans = 0;
  const tasks = existsSync(rendersDir)
    ? readdirSync(rendersDir).filter((d) => d.startsWith("local-"))
    : [];
  for (const task of tasks) {
    const dir = path.join(rendersDir, task);
    // A process killed inside submit() can leave a folder without its state: a submission that never ran.
    const spec = readJson<{ prompt: string }>(path.join(dir, "spec.json"));
    const state = readJson<{ injectedFault: boolean }>(path.join(dir, "state.json"));
    if (state?.injectedFault) faults++;
    if (!byTask.has(task)) orphans++;
    const job = spec ? jobByPrompt.get(spec.prompt) : undefined;
    if (job && existsSync(path.join(dir, "output.mp4")))
      finished.set(job.id, [...(finished.get(job.id) ?? []), task]);
  }
  const bad: string[] = [];
  for (const [jobId, done] of finished)
    if (done.length > 1) bad.push(`${jobId}: ${done.length} finished renders`);
  const succeededAttempts = new Map<string, string[]>();
  for (const a of attempts)
    if (a.status === "succeeded")
      succeededAttempts.set(a.job_id, [
        ...(succeededAttempts.get(a.job_id) ?? []),
        a.task_id ?? "?",
      ]);
  for (const j of jobs.filter((x) => x.status === "succeeded")) {
    const names = succeededAttempts.get(j.id) ?? [];
    if (names.length !== 1) bad.push(`${j.id}: ${names.length} succeeded attempts`);
    else if ((finished.get(j.id) ?? [])[0] !== names[0])
      bad.push(`${j.id}: its video is not the render its attempt names`);
  }
  return {
    name: "no job generated twice upstream",
    ok: bad.length === 0,
    detail: bad.length
      ? bad.slice(0, 5).join("; ")
      : `${tasks.length} renderer tasks (${faults} injected failures, ${orphans} never recorded as an attempt), at most one finished render per job`,
    tasks: tasks.length,
    faults,
    orphans,
  };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}
