import assert from "node:assert/strict";
import { test } from "node:test";
import { idleBackoff } from "@/lib/platform/lifecycle/idle-backoff";

test("an idle look waits longer and longer, up to its cap; work or a wake brings the short wait back", () => {
  let clock = 0;
  const waits = idleBackoff(200, 3_000, 1_000, () => clock);
  assert.equal(waits.after(true), 200);
  clock = 500;
  assert.equal(waits.after(false), 200, "within the grace after work");
  clock = 1_500;
  assert.deepEqual(
    [
      waits.after(false),
      waits.after(false),
      waits.after(false),
      waits.after(false),
      waits.after(false),
    ],
    [400, 800, 1_600, 3_000, 3_000],
  );
  waits.reset();
  assert.equal(waits.after(false), 200, "a wake starts a new grace");
  clock = 3_000;
  assert.equal(waits.after(false), 400);
  assert.equal(waits.after(true), 200);
});
