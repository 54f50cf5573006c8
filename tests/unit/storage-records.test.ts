import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { createS3Store } from "@/lib/media/storage/s3-store";
import type { VideoStore } from "@/lib/media/storage/types";
import { startFakeS3 } from "@/tests/fakes/s3-fake";

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups) await c();
});

async function stores(): Promise<[string, VideoStore][]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reel402-records-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const s3 = await startFakeS3();
  cleanups.push(() => s3.close());
  const s3Store = createS3Store({
    bucket: "reel-videos",
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "secret-example-key",
    prefix: "videos",
    forcePathStyle: true,
  });
  return [
    ["local", createLocalStore({ dir, secret: "records-test-secret-0123456789abcdef" })],
    ["s3", s3Store],
  ];
}

test("records are listed by prefix with their write time, and removed (a missing one is no error)", async () => {
  for (const [driver, store] of await stores()) {
    const before = Date.now() - 2000;
    await store.writeRecord("upl_aaa", '{"a":1}');
    await store.writeRecord("upl_bbb", '{"b":2}');
    await store.writeRecord("audit-checkpoint", "{}");
    const listed = (await store.listRecords("upl_", 100)).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    assert.deepEqual(
      listed.map((r) => r.name),
      ["upl_aaa", "upl_bbb"],
      driver,
    );
    for (const r of listed)
      assert.ok(
        r.writtenAt.getTime() >= before && r.writtenAt.getTime() <= Date.now() + 2000,
        `${driver}: write time`,
      );
    assert.equal((await store.listRecords("upl_", 1)).length, 1, `${driver}: limit`);
    await store.removeRecord("upl_aaa");
    await store.removeRecord("upl_aaa");
    assert.equal(await store.readRecord("upl_aaa"), null, driver);
    assert.deepEqual(
      (await store.listRecords("upl_", 100)).map((r) => r.name),
      ["upl_bbb"],
      driver,
    );
    assert.equal(await store.readRecord("audit-checkpoint"), "{}", driver);
    assert.deepEqual(await store.listRecords("nothing-", 10), [], driver);
  }
});
