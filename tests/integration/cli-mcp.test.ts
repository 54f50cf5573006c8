import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { devnetAccount, devnetPrivateKey } from "@/lib/devnet/accounts";
import { probe } from "../helpers/media";
import { type Stack, startStack } from "../helpers/stack";

const run = promisify(execFile);
const CLI = path.join(process.cwd(), "bin/reel402.mjs");

describe("agents: the reel402 CLI and MCP server on the devnet", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ database: "pglite" });
  });
  after(async () => {
    await stack?.close();
  });

  test("reel402 generate pays the quote, waits and downloads a valid MP4", { timeout: 120_000 }, async () => {
    const payer = devnetAccount(5).address;
    const before = await stack.chain.balanceOf(payer);
    const out = path.join(mkdtempSync(path.join(tmpdir(), "reel402-cli-")), "clip.mp4");
    const { stdout } = await run(process.execPath, [CLI, "generate", "a paper boat on a pond", "--url", stack.server.url, "--duration", "4", "--resolution", "480p", "--max-price", "0.50", "-o", out], {
      env: { ...process.env, REEL402_PRIVATE_KEY: devnetPrivateKey(5) },
    });
    assert.match(stdout, /job [0-9a-f-]{36}\s+price 0\.26 USDC\s+settlement 0x[0-9a-f]{64}/);
    assert.match(stdout, /saved .*clip\.mp4/);
    const info = await probe(out);
    assert.deepEqual([info.width, info.height, info.videoCodec], [854, 480, "h264"]);
    assert.equal(before - (await stack.chain.balanceOf(payer)), 260_000n);
  });

  test("a --max-price below the quote refuses without signing", async () => {
    const payer = devnetAccount(5).address;
    const before = await stack.chain.balanceOf(payer);
    const transfers = await stack.chain.transfersTo(devnetAccount(0).address);
    const result = await run(process.execPath, [CLI, "generate", "a paper boat", "--url", stack.server.url, "--model", "alpha", "--max-price", "0.50"], {
      env: { ...process.env, REEL402_PRIVATE_KEY: devnetPrivateKey(5) },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(result.code, 3);
    assert.match(result.stderr, /costs 0\.96 USDC, above --max-price 0\.50\. Nothing was signed/);
    assert.equal(await stack.chain.balanceOf(payer), before);
    assert.equal(await stack.chain.transfersTo(devnetAccount(0).address), transfers);
  });

  test("reel402 quote prints the exact price", async () => {
    const { stdout } = await run(process.execPath, [CLI, "quote", "waves", "--url", stack.server.url, "--model", "alpha", "--duration", "15", "--resolution", "1080p", "--audio"]);
    assert.match(stdout, /^9\.00 USDC on eip155:31337 for POST \/generate\/alpha\/custom/);
  });

  test("the MCP server lists its tools and generate_video completes within the session budget", { timeout: 120_000 }, async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--url", stack.server.url, "--budget", "0.30"],
      env: { ...(process.env as Record<string, string>), REEL402_PRIVATE_KEY: devnetPrivateKey(6) },
    });
    const client = new Client({ name: "reel402-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ["generate_video", "get_job", "quote_video"]);
      const over = await client.callTool({ name: "generate_video", arguments: { prompt: "a lighthouse", model: "alpha" } });
      assert.equal(over.isError, true);
      const made = await client.callTool({ name: "generate_video", arguments: { prompt: "a lighthouse at dusk", duration: 4, resolution: "480p" } });
      assert.notEqual(made.isError, true, JSON.stringify(made.content));
      const result = made.structuredContent as { video_url: string; job_id: string; price_usd: string };
      assert.equal(result.price_usd, "0.26");
      assert.equal((await fetch(result.video_url)).status, 200);
      const job = await client.callTool({ name: "get_job", arguments: { job_id: result.job_id } });
      assert.equal((job.structuredContent as { status: string }).status, "succeeded");
      const spent = await client.callTool({ name: "generate_video", arguments: { prompt: "again", duration: 4, resolution: "480p" } });
      assert.equal(spent.isError, true, "the budget of 0.30 is spent after one 0.26 clip");
    } finally {
      await client.close();
    }
  });
});
