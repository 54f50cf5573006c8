import { startTestChain, type TestChain } from "./chain";
import { createTestDatabase } from "./database";
import { startServer, type TestServer } from "./server";

export type Stack = {
  chain: TestChain;
  server: TestServer;
  databaseUrl: string | null;
  close: () => Promise<void>;
};

/** Chain + database (real Postgres, or PGlite in the server's data folder) + the built server. */
export async function startStack(opts: {
  database: "postgres" | "pglite";
  env?: Record<string, string>;
}): Promise<Stack> {
  const chain = await startTestChain();
  const db = opts.database === "postgres" ? await createTestDatabase() : null;
  const server = await startServer({
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...opts.env,
  });
  return {
    chain,
    server,
    databaseUrl: db?.url ?? null,
    close: async () => {
      await server.stop();
      await chain.stop();
      await db?.drop();
    },
  };
}
