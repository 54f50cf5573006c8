import type { PGlite, Results, RowMode, Transaction } from "@electric-sql/pglite";

/** One statement as the embedded database's thread receives it. */
export type StatementMessage = {
  sql: string;
  params: unknown[];
  rowMode?: RowMode;
  /** Types whose values stay as Postgres wrote them. */
  identityOids: number[];
};

export type KeptStatements = {
  run(handle: PGlite | Transaction, m: StatementMessage, inTransaction: boolean): Promise<Results>;
};

export function keepStatements(
  db: PGlite,
  parsersFor: (oids: number[]) => Record<number, (value: string) => unknown>,
  max?: number,
): KeptStatements;
