import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { privateKeyToAccount } from "viem/accounts";
import {
  type ClipRequest,
  describeReceipt,
  download,
  getJob,
  parseUsd,
  pay,
  quote,
  ServiceError,
  usd,
  verifyReceipt,
  waitForJob,
} from "./reel402-client";

const HELP = `reel402 — pay-per-clip AI video from the command line (x402, USDC)

Usage:
  reel402 quote "prompt" [options]          exact price of a clip, nothing is paid
  reel402 generate "prompt" [options]       pay, wait, download the MP4
  reel402 job <id>                          show a job
  reel402 receipt <id>                      verify a job's signed receipt (exit 1 if it fails)
  reel402 mcp [--budget USD]                MCP server on stdio (quote_video, generate_video, get_job)

Options:
  --url URL            service address (default $REEL402_URL or http://127.0.0.1:3000)
  --model NAME         alpha | alpha-fast (default alpha-fast)
  --duration S         4–15 seconds (custom clip)
  --resolution R       480p | 720p | 1080p (custom clip; 1080p only on alpha)
  --ratio R            16:9 | 4:3 | 1:1 | 3:4 | 9:16 | 21:9 | adaptive
  --seed N             -1 … 4294967295
  --audio              generate synced audio (price × 1.25)
  --fixed-camera       lock the camera
  --max-price USD      refuse to pay more than this (default 1.00, like stock x402 clients)
  -o, --output FILE    where to save the MP4 (default <job id>.mp4)
  --key-file FILE      file holding the paying wallet's private key (else $REEL402_PRIVATE_KEY)
  --budget USD         mcp: the most generate_video may spend in this session (default 1.00)

Without options a fixed 5-second 720p clip is made. Stock x402 clients refuse to pay more than
$1 per request; custom clips cost up to $9.00, so raise --max-price deliberately when you need it.`;

function fail(message: string, code = 1): never {
  console.error(`reel402: ${message}`);
  process.exit(code);
}

function requestFrom(
  values: Record<string, string | boolean | undefined>,
  prompt: string | undefined,
): ClipRequest {
  if (!prompt) fail("a prompt is required (in quotes)", 2);
  const model = (values.model as string | undefined) ?? "alpha-fast";
  if (model !== "alpha" && model !== "alpha-fast") fail("--model must be alpha or alpha-fast", 2);
  const int = (name: string) => (values[name] === undefined ? undefined : Number(values[name]));
  return {
    model,
    prompt,
    duration: int("duration"),
    resolution: values.resolution as string | undefined,
    ratio: values.ratio as string | undefined,
    seed: int("seed"),
    audio: Boolean(values.audio),
    fixedCamera: Boolean(values["fixed-camera"]),
  };
}

function account(values: Record<string, string | boolean | undefined>) {
  const key = (
    values["key-file"]
      ? readFileSync(values["key-file"] as string, "utf8")
      : process.env.REEL402_PRIVATE_KEY
  )?.trim();
  if (!key) fail("no wallet key: set REEL402_PRIVATE_KEY or pass --key-file", 2);
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    fail("the wallet key must be 0x followed by 64 hex digits", 2);
  return privateKeyToAccount(key as `0x${string}`);
}

export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      model: { type: "string" },
      duration: { type: "string" },
      resolution: { type: "string" },
      ratio: { type: "string" },
      seed: { type: "string" },
      audio: { type: "boolean" },
      "fixed-camera": { type: "boolean" },
      "max-price": { type: "string" },
      output: { type: "string", short: "o" },
      "key-file": { type: "string" },
      budget: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, arg] = positionals;
  const baseUrl = (
    (values.url as string | undefined) ??
    process.env.REEL402_URL ??
    "http://127.0.0.1:3000"
  ).replace(/\/$/, "");
  if (values.help || !command) return console.log(HELP);

  if (command === "mcp") {
    const { runMcpServer } = await import("./mcp-server");
    const hasKey = Boolean(values["key-file"] || process.env.REEL402_PRIVATE_KEY);
    return runMcpServer(
      baseUrl,
      hasKey ? account(values) : null,
      parseUsd((values.budget as string | undefined) ?? "1.00"),
    );
  }
  if (command === "job") {
    if (!arg) fail("usage: reel402 job <id>", 2);
    return console.log(JSON.stringify(await getJob(baseUrl, arg), null, 2));
  }
  if (command === "receipt") {
    if (!arg) fail("usage: reel402 receipt <id>", 2);
    const job = await getJob(baseUrl, arg);
    if (!job.receipt) fail(`job ${arg} has no receipt (status ${job.status}: not settled)`);
    const verified = await verifyReceipt(baseUrl, job.receipt, job.job_id);
    if (!verified.ok) fail(describeReceipt(verified));
    console.log(describeReceipt(verified));
    return console.log(
      JSON.stringify({ receipt: job.receipt, payload: verified.payload }, null, 2),
    );
  }
  if (command !== "quote" && command !== "generate")
    fail(`unknown command ${command}; see reel402 --help`, 2);

  const req = requestFrom(values, arg);
  const q = await quote(baseUrl, req);
  if (command === "quote")
    return console.log(
      `${q.priceUsd} USDC on ${q.required.accepts[0]?.network} for POST ${q.path}`,
    );

  const max = parseUsd((values["max-price"] as string | undefined) ?? "1.00");
  if (q.amountAtomic > max) {
    fail(
      `this clip costs ${q.priceUsd} USDC, above --max-price ${usd(max)}. Nothing was signed. Pass --max-price ${q.priceUsd} or more to pay it.`,
      3,
    );
  }
  const paid = await pay(baseUrl, account(values), q, max);
  console.log(
    `job ${paid.jobId}  price ${paid.priceUsd} USDC  settlement ${paid.transaction ?? "(being confirmed)"}`,
  );
  if (paid.receipt)
    console.log(describeReceipt(await verifyReceipt(baseUrl, paid.receipt, paid.jobId)));
  const started = Date.now();
  const spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
  let frame = 0;
  const job = await waitForJob(baseUrl, paid.jobId, (j) => {
    if (process.stderr.isTTY)
      process.stderr.write(
        `\r${spinner[frame++ % spinner.length]} ${j.status} · ${Math.round((Date.now() - started) / 1000)}s   `,
      );
    else process.stderr.write(`${j.status} after ${Math.round((Date.now() - started) / 1000)}s\n`);
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  if (job.status !== "succeeded" || !job.video_url)
    fail(`job ${job.job_id} ${job.status}: ${job.error?.message ?? "no video"}`);
  const file = (values.output as string | undefined) ?? `${job.job_id}.mp4`;
  const bytes = await download(job.video_url, file);
  console.log(`saved ${file} (${bytes} bytes); link valid until ${job.video_expires_at}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ServiceError) fail(`${error.code}: ${error.message}`);
  fail(error instanceof Error ? error.message : String(error));
});
