import assert from "node:assert/strict";
import { test } from "node:test";
import { groupCommit } from "@/lib/platform/db/group-commit";

const tick = () => new Promise((r) => setImmediate(r));

test("the first item is written alone; those arriving meanwhile go together, each with its own answer", async () => {
  const groups: number[][] = [];
  const write = groupCommit<number, number>(
    async (items) => {
      groups.push(items);
      await tick();
      return items.map((n) => n * 10);
    },
    { max: 100 },
  );
  const answers = await Promise.all([1, 2, 3, 4].map(write));
  assert.deepEqual(answers, [10, 20, 30, 40]);
  assert.deepEqual(groups, [[1], [2, 3, 4]]);
});

test("items with one key never share a group and keep their order; a group holds at most max", async () => {
  const groups: string[][] = [];
  const write = groupCommit<string, string>(
    async (items) => {
      groups.push(items);
      await tick();
      return items;
    },
    { max: 3, key: (item) => item.slice(0, 1) },
  );
  await Promise.all(["a1", "a2", "b1", "a3", "c1", "d1", "b2"].map(write));
  assert.deepEqual(groups, [["a1"], ["a2", "b1", "c1"], ["a3", "d1", "b2"]]);
});

test("a failed write rejects its own group only: [1], [2, 3], [4]", async () => {
  const write = groupCommit<number, number>(
    async (items) => {
      await tick();
      if (items.includes(2)) throw new Error("boom");
      return items;
    },
    { max: 100, key: (n) => String(n % 2) },
  );
  const results = await Promise.allSettled([1, 2, 3, 4].map(write));
  assert.deepEqual(
    results.map((r) => r.status),
    ["fulfilled", "rejected", "rejected", "fulfilled"],
  );
});
