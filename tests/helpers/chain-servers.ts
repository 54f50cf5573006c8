import assert from "node:assert/strict";
import { after, before } from "node:test";
import { startTestChain, type TestChain } from "./chain";
import { createTestDatabase } from "./database";
import { startServer, type TestServer } from "./server";

type TestDatabase = { url: string; drop: () => Promise<void> };

/**
 * For one describe(): a devnet chain started before its tests, and built servers on it, each on
 * a throw-away Postgres database. Everything started is stopped, and dropped, after the suite.
 */
export function chainServers() {
  let chain: TestChain | undefined;
  const dbs: TestDatabase[] = [];
  const servers: TestServer[] = [];
  before(async () => {
    chain = await startTestChain();
  });
  after(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    for (const d of dbs) await d.drop().catch(() => undefined);
    await chain?.stop();
  });

  const started = (): TestChain => {
    assert.ok(chain, "the chain starts before the suite's tests");
    return chain;
  };
  const database = async (): Promise<TestDatabase> => {
    const db = await createTestDatabase();
    dbs.push(db);
    return db;
  };
  /** A server on the chain and this database; with a server's dataDir, that server restarted. */
  const server = async (
    databaseUrl: string,
    env: Record<string, string> = {},
    opts: { dataDir?: string } = {},
  ): Promise<TestServer> => {
    const { rpcUrl, token } = started();
    const s = await startServer(
      {
        RPC_URL: rpcUrl,
        USDC_ADDRESS: token,
        DATABASE_URL: databaseUrl,
        POLL_INTERVAL_MS: "150",
        ...env,
      },
      opts,
    );
    servers.push(s);
    return s;
  };
  /** A server on a database of its own. */
  const fresh = async (env: Record<string, string> = {}) => {
    const db = await database();
    return { s: await server(db.url, env), db };
  };
  return { chain: started, database, server, fresh };
}
