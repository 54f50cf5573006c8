import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { devnetAccount, devnetPrivateKey } from "@/lib/devnet/accounts";
import { startLossyProxy } from "../helpers/lossy-proxy";
import { probe } from "../helpers/media";
import { type Stack, startStack } from "../helpers/stack";

const execFileAsync = promisify(execFile);
// Children get exactly the environment given, never the test runner's.
const run = (
  file: string,
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
) =>
  execFileAsync(file, args, { cwd: opts.cwd, env: (opts.env ?? process.env) as NodeJS.ProcessEnv });
const made: string[] = [];
const scratch = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `reel402-${name}-`));
  made.push(dir);
  return dir;
};

/**
 * The CLI as a stranger gets it: packed from the checkout (its prepack script bundles it), then
 * installed from the tarball into a folder and globally (a separate prefix), with --offline so a
 * dependency fetched from the registry would fail the install. Every run below happens in folders
 * outside the checkout, with only the environment an MCP client passes (PATH, HOME, the key).
 */
async function installCli() {
  const packs = scratch("pack");
  await run("npm", ["pack", "--pack-destination", packs], { cwd: path.join(process.cwd(), "cli") });
  const tarball = path.join(
    packs,
    readdirSync(packs).find((f) => f.endsWith(".tgz")) ?? "missing.tgz",
  );
  const project = scratch("project");
  const global = scratch("global");
  const flags = ["--offline", "--no-audit", "--no-fund", "--ignore-scripts"];
  await run("npm", ["install", "--prefix", project, tarball, ...flags]);
  await run("npm", ["install", "--global", "--prefix", global, tarball, ...flags]);
  return { tarball, project, globalBin: path.join(global, "bin") };
}

describe("agents: the reel402 CLI and MCP server, installed outside the checkout, on the devnet", () => {
  let stack: Stack;
  let cli: Awaited<ReturnType<typeof installCli>>;
  let elsewhere: string;
  let env: Record<string, string>;
  const reel402 = (args: string[], extra: Record<string, string> = {}) =>
    run("reel402", args, { cwd: elsewhere, env: { ...env, ...extra } });

  before(async () => {
    [cli, stack] = await Promise.all([installCli(), startStack({ database: "pglite" })]);
    elsewhere = scratch("elsewhere");
    // `reel402` resolves from the global install's bin; node itself from its own folder.
    env = {
      PATH: [cli.globalBin, path.dirname(process.execPath), "/usr/bin", "/bin"].join(
        path.delimiter,
      ),
      HOME: elsewhere,
    };
  });
  after(async () => {
    await stack?.close();
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  test("the packed CLI is one bundled file with no dependencies", () => {
    const installed = path.join(cli.project, "node_modules/@reel402/cli");
    const manifest = JSON.parse(
      readFileSync(path.join(installed, "package.json"), "utf8"),
    ) as Record<string, unknown>;
    assert.deepEqual(manifest.bin, { reel402: "dist/reel402.mjs" });
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(
      readdirSync(path.join(cli.project, "node_modules")).filter((f) => !f.startsWith(".")),
      ["@reel402"],
    );
  });

  test("installed into a folder, reel402 generate pays the quote, waits and saves the MP4 with its true size", {
    timeout: 180_000,
  }, async () => {
    const payer = devnetAccount(5).address;
    const before = await stack.chain.balanceOf(payer);
    const bin = path.join(cli.project, "node_modules/.bin/reel402");
    const { stdout } = await run(
      bin,
      [
        "generate",
        "a paper boat on a pond",
        "--url",
        stack.server.url,
        "--duration",
        "4",
        "--resolution",
        "480p",
        "--max-price",
        "0.50",
        "-o",
        "clip.mp4",
      ],
      {
        cwd: elsewhere,
        env: { ...env, REEL402_PRIVATE_KEY: devnetPrivateKey(5) },
      },
    );
    assert.match(stdout, /job [0-9a-f-]{36}\s+price 0\.26 USDC\s+settlement 0x[0-9a-f]{64}/);
    assert.match(
      stdout,
      /receipt verified \(did:web:127\.0\.0\.1%3A\d+#[\w-]+\): job [0-9a-f-]{36}, alpha-fast-custom, 0\.26 USDC on eip155:31337 from 0x[0-9a-f]{40}, settlement 0x[0-9a-f]{64}/,
    );
    const size = statSync(path.join(elsewhere, "clip.mp4")).size;
    assert.ok(size > 10_000, `a real clip, not ${size} bytes`);
    assert.match(stdout, new RegExp(`saved clip\\.mp4 \\(${size} bytes\\)`));
    const info = await probe(path.join(elsewhere, "clip.mp4"));
    assert.deepEqual([info.width, info.height, info.videoCodec], [854, 480, "h264"]);
    assert.equal(before - (await stack.chain.balanceOf(payer)), 260_000n);

    // The download itself announces its length, whole and for a range.
    const jobId = /job ([0-9a-f-]{36})/.exec(stdout)?.[1] ?? "";
    const job = JSON.parse((await reel402(["job", jobId, "--url", stack.server.url])).stdout) as {
      video_url: string;
    };
    // The receipt command checks the job's receipt against the service's published key.
    const receipt = await reel402(["receipt", jobId, "--url", stack.server.url]);
    assert.match(receipt.stdout, new RegExp(`^receipt verified .*job ${jobId}, alpha-fast-custom`));
    assert.equal(
      (
        JSON.parse(receipt.stdout.slice(receipt.stdout.indexOf("{"))) as {
          payload: { amount: string };
        }
      ).payload.amount,
      "260000",
    );
    const whole = await fetch(job.video_url);
    assert.equal(whole.headers.get("content-length"), String(size));
    assert.equal((await whole.arrayBuffer()).byteLength, size);
    const head = await fetch(job.video_url, { method: "HEAD" });
    assert.equal(head.headers.get("content-length"), String(size));
    const part = await fetch(job.video_url, { headers: { range: "bytes=100-199" } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get("content-length"), "100");
    assert.equal(part.headers.get("content-range"), `bytes 100-199/${size}`);
    assert.equal((await part.arrayBuffer()).byteLength, 100);
  });

  test("a paid answer lost on the way back: the CLI asks again with the same key and signature, and pays once", {
    timeout: 180_000,
  }, async () => {
    const proxy = await startLossyProxy(stack.server.url);
    try {
      const payer = devnetAccount(4).address;
      const before = await stack.chain.balanceOf(payer);
      const { stdout } = await reel402(
        [
          ...["generate", "a lantern on a jetty", "--url", proxy.url, "--duration", "4"],
          ...["--resolution", "480p", "--max-price", "0.50", "-o", "lost.mp4"],
        ],
        { REEL402_PRIVATE_KEY: devnetPrivateKey(4) },
      );
      const [lost, replayed] = proxy.paid;
      assert.equal(proxy.paid.length, 2);
      assert.equal(lost?.lost, true);
      assert.equal(lost?.status, 200, "the server took the first request and answered it");
      assert.ok(lost?.key && replayed?.key === lost.key, "the same Idempotency-Key");
      const first = (JSON.parse(lost?.body ?? "{}") as { job_id: string }).job_id;
      assert.equal((JSON.parse(replayed?.body ?? "{}") as { job_id: string }).job_id, first);
      assert.match(stdout, new RegExp(`job ${first}`));
      assert.equal(before - (await stack.chain.balanceOf(payer)), 260_000n);
    } finally {
      await proxy.close();
    }
  });

  test("a --max-price below the quote refuses without signing", async () => {
    const payer = devnetAccount(5).address;
    const before = await stack.chain.balanceOf(payer);
    const transfers = await stack.chain.transfersTo(devnetAccount(0).address);
    const result = await reel402(
      [
        "generate",
        "a paper boat",
        "--url",
        stack.server.url,
        "--model",
        "alpha",
        "--max-price",
        "0.50",
      ],
      {
        REEL402_PRIVATE_KEY: devnetPrivateKey(5),
      },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(result.code, 3);
    assert.match(result.stderr, /costs 0\.96 USDC, above --max-price 0\.50\. Nothing was signed/);
    assert.equal(await stack.chain.balanceOf(payer), before);
    assert.equal(await stack.chain.transfersTo(devnetAccount(0).address), transfers);
  });

  test("reel402 quote prints the exact price", async () => {
    const { stdout } = await reel402([
      "quote",
      "waves",
      "--url",
      stack.server.url,
      "--model",
      "alpha",
      "--duration",
      "15",
      "--resolution",
      "1080p",
      "--audio",
    ]);
    assert.match(stdout, /^9\.00 USDC on eip155:31337 for POST \/generate\/alpha\/custom/);
  });

  test("the MCP server, started by command name from another folder, lists its tools and generate_video completes within the session budget", {
    timeout: 180_000,
  }, async () => {
    const payer = devnetAccount(6).address;
    const before = await stack.chain.balanceOf(payer);
    // As in docs/agents.md's client configuration: the command name of the global install.
    const transport = new StdioClientTransport({
      command: "reel402",
      args: ["mcp", "--url", stack.server.url, "--budget", "0.30"],
      cwd: scratch("mcp-client"),
      env: { ...env, REEL402_PRIVATE_KEY: devnetPrivateKey(6) },
    });
    const client = new Client({ name: "reel402-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        "generate_video",
        "get_job",
        "quote_video",
      ]);
      const generate = tools.find((t) => t.name === "generate_video");
      assert.equal(
        (generate?.inputSchema.properties?.camera_fixed as { type?: string } | undefined)?.type,
        "boolean",
      );
      // A locked camera is a custom clip: the option reaches the request, not just the schema.
      const fixed = await client.callTool({
        name: "quote_video",
        arguments: { prompt: "a lighthouse", camera_fixed: true },
      });
      assert.deepEqual(fixed.structuredContent, {
        price_usd: "0.91",
        endpoint: "/generate/alpha-fast/custom",
      });
      const plain = await client.callTool({
        name: "quote_video",
        arguments: { prompt: "a lighthouse" },
      });
      assert.deepEqual(plain.structuredContent, {
        price_usd: "0.91",
        endpoint: "/generate/alpha-fast/5s-720p",
      });
      const over = await client.callTool({
        name: "generate_video",
        arguments: { prompt: "a lighthouse", model: "alpha" },
      });
      assert.equal(over.isError, true);
      const made = await client.callTool({
        name: "generate_video",
        arguments: {
          prompt: "a lighthouse at dusk",
          duration: 4,
          resolution: "480p",
          camera_fixed: true,
        },
      });
      assert.notEqual(made.isError, true, JSON.stringify(made.content));
      const result = made.structuredContent as {
        video_url: string;
        job_id: string;
        price_usd: string;
      };
      assert.equal(result.price_usd, "0.26");
      assert.equal(
        (made.structuredContent as { receipt_verified: boolean }).receipt_verified,
        true,
      );
      assert.equal((await fetch(result.video_url)).status, 200);
      const job = await client.callTool({ name: "get_job", arguments: { job_id: result.job_id } });
      assert.equal((job.structuredContent as { status: string }).status, "succeeded");
      assert.equal((job.structuredContent as { receipt_verified: boolean }).receipt_verified, true);
      assert.equal(before - (await stack.chain.balanceOf(payer)), 260_000n);
      const spent = await client.callTool({
        name: "generate_video",
        arguments: { prompt: "again", duration: 4, resolution: "480p" },
      });
      assert.equal(spent.isError, true, "the budget of 0.30 is spent after one 0.26 clip");
      assert.equal(before - (await stack.chain.balanceOf(payer)), 260_000n);
    } finally {
      await client.close();
    }
  });
});
