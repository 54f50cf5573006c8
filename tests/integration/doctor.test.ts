import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startAnvil, type AnvilHandle } from "@/lib/devnet/anvil";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDb } from "@/lib/platform/db/client";
import { runtimeRoleSql } from "@/lib/platform/db/runtime-role";
import { KNOWN_USDC } from "@/lib/platform/env";
import { startFacilitatorFake } from "../fakes/facilitator-fake";
import { type FakeServer, json, startFakeServer } from "../fakes/fake-server";
import { createTestDatabase } from "../helpers/database";
import { freePort } from "../helpers/ports";

const SEPOLIA = "eip155:84532";
const USDC = KNOWN_USDC[SEPOLIA]?.address as string;
// A second, unknown network: any address may be its USDC, so the chain check is what catches a wrong one.
const SECOND = "eip155:31338";
const SECOND_USDC = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** Stand-in code at `address`, so the chain check sees a deployed contract there. */
async function standInContract(rpcUrl: string, address: string) {
  await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setCode",
      params: [address, "0x6080604052"],
    }),
  });
}

function doctor(
  env: Record<string, string>,
): Promise<{ code: number; lines: string[]; out: string }> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/doctor.ts"],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) =>
    child.on("exit", (code) => resolve({ code: code ?? 1, lines: out.trim().split("\n"), out })),
  );
}

describe("npm run doctor on a production-shaped configuration", () => {
  let chain: AnvilHandle;
  let second: AnvilHandle;
  let facilitator: FakeServer;
  let wrongFacilitator: FakeServer;
  let ark: FakeServer;
  const dbs: { url: string; drop: () => Promise<void> }[] = [];
  let env: Record<string, string>;
  let ownerUrl: string;
  const role = `reel402_doctor_${randomBytes(5).toString("hex")}`;

  before(async () => {
    chain = await startAnvil({ port: await freePort(), chainId: 84532 });
    second = await startAnvil({ port: await freePort(), chainId: 31338 });
    await standInContract(chain.rpcUrl, USDC);
    await standInContract(second.rpcUrl, SECOND_USDC);
    [facilitator, wrongFacilitator] = await Promise.all([
      // A hosted facilitator lists more networks than one deployment uses.
      startFacilitatorFake([SEPOLIA, SECOND]),
      startFacilitatorFake(["eip155:8453"]),
    ]);
    ark = await startFakeServer((req, res) =>
      req.headers.authorization === "Bearer good-key"
        ? json(res, 200, { items: [], total: 0 })
        : json(res, 401, { error: { code: "AuthenticationError" } }),
    );
    const migrated = await createTestDatabase();
    dbs.push(migrated);
    await (await openDb(migrated.url, mkdtempSync(path.join(tmpdir(), "reel402-doctor-")))).close();
    // The service runs as a role that may only append to and read the audit log, as docs/operators.md sets up.
    const owner = postgres(migrated.url, { max: 1, onnotice: () => {} });
    await owner.unsafe(runtimeRoleSql(role, "doctor-runtime"));
    await owner.end();
    ownerUrl = migrated.url;
    const runtimeUrl = new URL(migrated.url);
    runtimeUrl.username = role;
    runtimeUrl.password = "doctor-runtime";
    env = {
      X402_NETWORK: SEPOLIA,
      USDC_ADDRESS: USDC,
      PAY_TO: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      FACILITATOR_URL: facilitator.url,
      PUBLIC_BASE_URL: "https://video.example.com",
      VIDEO_URL_SECRET: "doctor-test-secret-0123456789abcdef",
      AUDIT_CHAIN_SECRET: "doctor-audit-chain-key-0123456789abcdef",
      RECEIPT_SIGNING_SECRET: "doctor-receipt-signing-key-0123456789abcdef",
      RPC_URL: chain.rpcUrl,
      DATABASE_URL: runtimeUrl.toString(),
      MIGRATION_DATABASE_URL: ownerUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "reel402-doctor-")),
      STORAGE_DRIVER: "local",
      PROVIDERS: "local",
    };
  });
  after(async () => {
    await Promise.all([
      facilitator?.close(),
      wrongFacilitator?.close(),
      ark?.close(),
      chain?.stop(),
      second?.stop(),
      ...dbs.map((d) => d.drop()),
    ]);
    const admin = postgres(ownerUrl.replace(/\/[^/]*$/, "/postgres"), {
      max: 1,
      onnotice: () => {},
    });
    await admin.unsafe(`drop role if exists ${role}`);
    await admin.end();
  });

  test("a complete configuration passes every check, and the facilitator was asked", {
    timeout: 60_000,
  }, async () => {
    const r = await doctor(env);
    assert.equal(r.code, 0, r.out);
    for (const name of [
      "config",
      "database",
      "audit role",
      "facilitator",
      `chain ${SEPOLIA}`,
      "storage",
      "provider local",
    ]) {
      assert.ok(
        r.lines.some((l) => l.startsWith("ok") && l.includes(name)),
        `${name} ok:\n${r.out}`,
      );
    }
    assert.ok(
      r.lines.slice(0, -1).every((l) => /^(ok|skip) /.test(l)),
      r.out,
    );
    assert.ok(facilitator.requests.some((q) => q.method === "GET" && q.path === "/supported"));
  });

  test("missing variables are each named", { timeout: 30_000 }, async () => {
    const { PAY_TO: _p, VIDEO_URL_SECRET: _v, AUDIT_CHAIN_SECRET: _a, ...partial } = env;
    const r = await doctor(partial);
    assert.equal(r.code, 1);
    for (const name of ["PAY_TO", "VIDEO_URL_SECRET", "AUDIT_CHAIN_SECRET"]) {
      assert.ok(
        r.lines.some((l) => l.startsWith("fail") && l.includes(name)),
        `${name}:\n${r.out}`,
      );
    }
  });

  test("a service connected as the audit log's owner (a superuser) fails the audit role check, naming why", {
    timeout: 30_000,
  }, async () => {
    const r = await doctor({ ...env, DATABASE_URL: ownerUrl });
    assert.equal(r.code, 1, r.out);
    const line = r.lines.find((l) => l.startsWith("fail") && l.includes("audit role")) ?? "";
    for (const why of [
      "is a superuser",
      "owns audit_events",
      "session_replication_role",
      "may UPDATE",
      "may DELETE",
      "may TRUNCATE",
      "may TRIGGER",
    ]) {
      assert.ok(line.includes(why), `${why}:\n${r.out}`);
    }
    assert.ok(
      r.lines.some((l) => l.startsWith("ok") && l.includes("database")),
      "the database itself is fine",
    );
  });

  test("a plain role granted UPDATE and DELETE on the audit log fails the audit role check", {
    timeout: 30_000,
  }, async () => {
    const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    try {
      await owner.unsafe(`grant update, delete on audit_events to ${role}`);
      const r = await doctor(env);
      assert.equal(r.code, 1, r.out);
      const line = r.lines.find((l) => l.startsWith("fail") && l.includes("audit role")) ?? "";
      assert.ok(
        line.includes("may UPDATE") && line.includes("may DELETE") && !line.includes("superuser"),
        r.out,
      );
    } finally {
      await owner.unsafe(`revoke update, delete on audit_events from ${role}`);
      await owner.end();
    }
  });

  test("an asset that is not the network's USDC is named", { timeout: 30_000 }, async () => {
    const r = await doctor({ ...env, USDC_ADDRESS: KNOWN_USDC["eip155:8453"]?.address as string });
    assert.equal(r.code, 1);
    assert.ok(
      r.lines.some((l) => l.startsWith("fail") && l.includes("USDC_ADDRESS")),
      r.out,
    );
  });

  test("a facilitator that does not serve our network fails the facilitator check", {
    timeout: 30_000,
  }, async () => {
    const r = await doctor({ ...env, FACILITATOR_URL: wrongFacilitator.url });
    assert.equal(r.code, 1);
    assert.ok(
      r.lines.some((l) => l.startsWith("fail") && l.includes("facilitator") && l.includes(SEPOLIA)),
      r.out,
    );
  });

  test("with a second network, each network's chain is checked and reported by name", {
    timeout: 30_000,
  }, async () => {
    const r = await doctor({ ...env, EXTRA_NETWORKS: `${SECOND}=${second.rpcUrl}@${SECOND_USDC}` });
    assert.equal(r.code, 0, r.out);
    for (const [network, chainId] of [
      [SEPOLIA, 84532],
      [SECOND, 31338],
    ] as const) {
      assert.ok(
        r.lines.some(
          (l) =>
            /^ok\s/.test(l) &&
            l.includes(`chain ${network} `) &&
            l.includes(`chain ${chainId} answers`),
        ),
        `${network}:\n${r.out}`,
      );
    }
  });

  test("a broken second network fails its own chain check, naming the network and why", {
    timeout: 60_000,
  }, async () => {
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${await freePort()}@${SECOND_USDC}`, /RPC URL unreachable/],
      [
        `${second.rpcUrl}@0x${"ab".repeat(20)}`,
        /no contract at EXTRA_NETWORKS' USDC 0x(ab){20} on chain 31338/,
      ],
      [`${chain.rpcUrl}@${SECOND_USDC}`, /RPC URL is chain 84532, expected 31338/],
    ];
    for (const [entry, why] of cases) {
      const r = await doctor({ ...env, EXTRA_NETWORKS: `${SECOND}=${entry}` });
      assert.equal(r.code, 1, r.out);
      const failed = r.lines.filter((l) => /^fail\s/.test(l));
      assert.equal(failed.length, 1, r.out);
      assert.ok(failed[0]?.includes(`chain ${SECOND} `), r.out);
      assert.match(failed[0] ?? "", why);
      assert.ok(
        r.lines.some((l) => /^ok\s/.test(l) && l.includes(`chain ${SEPOLIA} `)),
        `the main network is still fine:\n${r.out}`,
      );
    }
  });

  test("an unmigrated database is reported with its pending migrations, and left unmigrated", {
    timeout: 30_000,
  }, async () => {
    const fresh = await createTestDatabase();
    dbs.push(fresh);
    for (let run = 0; run < 2; run++) {
      const r = await doctor({ ...env, DATABASE_URL: fresh.url });
      assert.equal(r.code, 1);
      assert.ok(
        r.lines.some(
          (l) => l.startsWith("fail") && l.includes("database") && /\d+ migrations pending/.test(l),
        ),
        r.out,
      );
    }
  });

  test("an upstream that refuses the key fails with credentials rejected; one that accepts it passes", {
    timeout: 30_000,
  }, async () => {
    const bad = await doctor({
      ...env,
      PROVIDERS: "ark",
      ARK_API_KEY: "wrong-key",
      ARK_BASE_URL: ark.url,
    });
    assert.equal(bad.code, 1);
    assert.ok(
      bad.lines.some(
        (l) =>
          l.startsWith("fail") && l.includes("provider ark") && l.includes("credentials rejected"),
      ),
      bad.out,
    );
    const good = await doctor({
      ...env,
      PROVIDERS: "ark",
      ARK_API_KEY: "good-key",
      ARK_BASE_URL: ark.url,
    });
    assert.equal(good.code, 0, good.out);
    assert.ok(
      ark.requests.every((q) => q.method === "GET"),
      "the credential check never submits work",
    );
  });
});
