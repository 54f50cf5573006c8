import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { executeRows } from "@/lib/platform/db/execute-rows";
import type { Db } from "@/lib/platform/db/client";
import { postgresErrorCode } from "@/lib/platform/db/postgres-error-code";
import { preparedByDefault } from "@/lib/platform/db/prepared-by-default";
import { createTestDatabase } from "../helpers/database";

// One connection, so every statement below and pg_prepared_statements share a session.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: postgres.Sql;
let db: Db;
before(async () => {
  database = await createTestDatabase();
  client = postgres(database.url, { max: 1, onnotice: () => {} });
  db = drizzle(preparedByDefault(client)) as unknown as Db;
  await client.unsafe("create table kept (id int primary key, note text)");
  await client.unsafe("insert into kept values (1, 'one'), (2, 'two')");
});
after(async () => {
  await client.end();
  await database.drop();
});

const prepared = async (like: string) =>
  (
    await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${like}`,
    )
  )[0]?.n;

test("a Drizzle statement with parameters runs prepared on its connection, each run with its own values", async () => {
  for (const id of [1, 2, 1]) {
    const [row] = await executeRows<{ note: string }>(
      db,
      sql`select note from kept where id = ${id}`,
    );
    assert.equal(row?.note, id === 1 ? "one" : "two", "this run's parameter");
  }
  assert.equal(
    await prepared("select note from kept where id = $1%"),
    1,
    "one statement kept for the three runs (none without the wrapper: Drizzle asks for unprepared)",
  );
  // Without parameters, postgres.js runs it as a simple query: nothing is kept for it.
  await db.execute(sql.raw("select note from kept where id = 2"));
  assert.equal(await prepared("select note from kept where id = 2%"), 0);
});

test("inside transactions and savepoints the statements are prepared too, and a failed one leaves the connection usable", async () => {
  await db.transaction(async (tx) => {
    await executeRows(tx, sql`select id from kept where note = ${"one"}`);
    await tx.transaction(async (inner) => {
      await executeRows(inner, sql`select id from kept where note <> ${"one"}`);
    });
  });
  assert.equal(await prepared("select id from kept where note = $1%"), 1);
  assert.equal(await prepared("select id from kept where note <> $1%"), 1);
  await assert.rejects(
    db.transaction(async (tx) => {
      await executeRows(tx, sql`select 1 / ${0}::int`);
    }),
    (error) => postgresErrorCode(error) === "22012",
  );
  const [row] = await executeRows<{ note: string }>(db, sql`select note from kept where id = ${2}`);
  assert.equal(row?.note, "two");
});

test("a kept statement whose table changed shape answers in the new shape", async () => {
  const read = async () => [
    ...(await executeRows<Record<string, unknown>>(db, sql`select * from kept where id = ${1}`)),
  ];
  assert.deepEqual(await read(), [{ id: 1, note: "one" }]);
  await client.unsafe("alter table kept add column extra int default 7");
  assert.deepEqual(await read(), [{ id: 1, note: "one", extra: 7 }]);
});

test("a client opened with ?prepare=false (a pooler in transaction mode) prepares nothing", async () => {
  const unprepared = postgres(`${database.url}?prepare=false`, { max: 1, onnotice: () => {} });
  try {
    const plain = drizzle(preparedByDefault(unprepared)) as unknown as Db;
    const [row] = await executeRows<{ note: string }>(
      plain,
      sql`select note from kept where id >= ${2}`,
    );
    assert.equal(row?.note, "two");
    const [count] = await executeRows<{ n: number }>(
      plain,
      sql`select count(*)::int as n from pg_prepared_statements`,
    );
    assert.equal(count?.n, 0, "nothing kept on that connection");
  } finally {
    await unprepared.end();
  }
});
