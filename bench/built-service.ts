import type { TestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { startServer, type TestServer } from "../tests/helpers/server";

/**
 * The built checkout at `cwd` serving on `chain`, on PGlite or on a throw-away Postgres database,
 * with `env` on top; `stop` stops it and drops that database.
 */
export async function startBuiltService(
  chain: TestChain,
  kind: "pglite" | "postgres",
  cwd: string,
  env: Record<string, string>,
): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const database = kind === "postgres" ? await createTestDatabase() : null;
  const drop = async () => {
    await database?.drop().catch(() => {});
  };
  try {
    const server = await startServer(
      {
        RPC_URL: chain.rpcUrl,
        USDC_ADDRESS: chain.token,
        ...env,
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      { cwd },
    );
    return {
      server,
      stop: async () => {
        await server.stop();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
