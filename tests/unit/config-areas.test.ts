import assert from "node:assert/strict";
import { test } from "node:test";
import { AREA_VARIABLES } from "@/lib/platform/config/parse-env";
import { ConfigError, ENV_VARIABLES, parseEnv } from "@/lib/platform/env";

test("every variable is read by exactly one configuration area, and every area's are read", () => {
  const owners = new Map<string, string[]>();
  for (const [area, shape] of Object.entries(AREA_VARIABLES))
    for (const name of Object.keys(shape)) owners.set(name, [...(owners.get(name) ?? []), area]);
  const shared = [...owners].filter(([, areas]) => areas.length > 1);
  assert.deepEqual(shared, [], "a variable parsed by two areas would be read twice, one losing");
  assert.deepEqual([...owners.keys()].sort(), [...ENV_VARIABLES].sort());
});

test("problems of different areas are reported together, in one ConfigError", () => {
  try {
    parseEnv({ STORAGE_DRIVER: "blob", PROVIDERS: "fal", MIGRATION_DATABASE_URL: "postgres://x" });
    assert.fail("should throw");
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.problems.length, 3);
    assert.match(error.message, /BLOB_READ_WRITE_TOKEN/);
    assert.match(error.message, /FAL_KEY/);
    assert.match(error.message, /MIGRATION_DATABASE_URL needs DATABASE_URL/);
  }
});
