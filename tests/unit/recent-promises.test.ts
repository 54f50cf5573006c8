import assert from "node:assert/strict";
import { test } from "node:test";
import { recentPromises } from "@/lib/platform/memo/recent-promises";

/** A read that counts its calls per key and answers when told to. */
function countedRead(fail = new Set<string>()) {
  const calls = new Map<string, number>();
  const read = async (key: string) => {
    calls.set(key, (calls.get(key) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 5));
    if (fail.has(key)) throw new Error(`no answer for ${key}`);
    return `code of ${key}`;
  };
  return { calls, read };
}

test("reads of one key within the window share one request, in flight or answered", async () => {
  const { calls, read } = countedRead();
  const shared = recentPromises<string>(10_000, 100);
  const reads = (key: string) => shared(key, () => read(key));
  const [a, b] = await Promise.all([reads("0xaa"), reads("0xaa")]);
  assert.equal(await reads("0xaa"), "code of 0xaa");
  assert.equal(a, b);
  assert.equal(calls.get("0xaa"), 1);
  await reads("0xbb");
  assert.equal(calls.get("0xbb"), 1, "another key is read on its own");
});

test("a read that failed is never kept: the next ask reads again", async () => {
  const fail = new Set(["0xaa"]);
  const { calls, read } = countedRead(fail);
  const shared = recentPromises<string>(10_000, 100);
  const reads = (key: string) => shared(key, () => read(key));
  await assert.rejects(reads("0xaa"));
  fail.clear();
  assert.equal(await reads("0xaa"), "code of 0xaa");
  assert.equal(calls.get("0xaa"), 2);
});

test("past the window, and past the size bound, a key is read afresh", async () => {
  const { calls, read } = countedRead();
  const shared = recentPromises<string>(30, 2);
  const reads = (key: string) => shared(key, () => read(key));
  await reads("0xaa");
  await new Promise((r) => setTimeout(r, 40));
  await reads("0xaa");
  assert.equal(calls.get("0xaa"), 2, "an answer older than the window is not reused");
  await reads("0xbb");
  await reads("0xcc");
  await reads("0xaa");
  assert.equal(calls.get("0xaa"), 3, "the oldest key was dropped to hold at most two");
  await reads("0xcc");
  assert.equal(calls.get("0xcc"), 1, "a recent key is still held");
});
