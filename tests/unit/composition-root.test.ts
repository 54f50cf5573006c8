import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseEnv } from "@/lib/platform/env";
import { lazy, retrying } from "@/lib/server/lazy";
import { buildServices, services } from "@/lib/server/services";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });

test("lib/ keeps nothing on globalThis but the process holder of lib/server", () => {
  const holders = sources("lib").filter((file) =>
    readFileSync(file, "utf8").includes("globalThis"),
  );
  assert.deepEqual(holders, [path.join("lib", "server", "holder.ts")]);
});

test("only the top modules (lib/http and lib/server itself) reach the composition root", () => {
  const top = ["http", "server"].map((d) => path.join("lib", d) + path.sep);
  const below = sources("lib").filter(
    (file) =>
      !top.some((dir) => file.startsWith(dir)) &&
      /from "@\/lib\/server["/]/.test(readFileSync(file, "utf8")),
  );
  assert.deepEqual(below, []);
});

test("the process's services are built once and held on the one shared holder", () => {
  const first = services();
  assert.equal(services(), first);
  const holder = (globalThis as unknown as { __reel402?: { services?: unknown } }).__reel402;
  assert.equal(holder?.services, first);
  // What holds state is made once: every caller gets the same guard and store.
  assert.equal(first.freeGuard(), first.freeGuard());
  assert.equal(first.videoStore(), first.videoStore());
});

test("devnet faults are wired only when DEVNET_FAULTS names them", () => {
  assert.equal(buildServices(parseEnv({})).refundFaults, undefined);
  const faulty = buildServices(parseEnv({ DEVNET_FAULTS: "refund-crash-after-record" }));
  assert.equal(typeof faulty.refundFaults?.crashAfterRecord, "function");
  assert.equal(faulty.refundFaults?.crashAfterBroadcast, undefined);
});

test("a service whose making failed is made again on next use; a made one is kept", async () => {
  let attempts = 0;
  const flaky = retrying(async () => {
    attempts++;
    if (attempts === 1) throw new Error("database briefly away");
    return { attempt: attempts };
  });
  await assert.rejects(flaky(), /briefly away/);
  const made = await flaky();
  assert.equal(await flaky(), made);
  assert.equal(attempts, 2);
  let calls = 0;
  const once = lazy(() => ++calls);
  assert.equal(once() + once(), 2);
});
