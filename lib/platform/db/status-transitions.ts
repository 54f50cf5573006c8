/**
 * A status table per entity (job, payment, refund, attempt, webhook delivery): which moves are
 * allowed. A refused move throws before the database is touched; a move whose compare-and-set
 * (`WHERE status = from`) found the row no longer in `from` throws StaleStatusError, so a
 * concurrent writer that lost never overwrites the winner, whatever lock is or is not held.
 */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export class IllegalMoveError extends Error {
  constructor(
    readonly entity: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`illegal ${entity} transition ${from} → ${to}`);
    this.name = "IllegalMoveError";
  }
}

export class StaleStatusError extends Error {
  constructor(
    readonly entity: string,
    readonly id: string,
    readonly expected: string,
  ) {
    super(`${entity} ${id} is no longer ${expected}`);
    this.name = "StaleStatusError";
  }
}

export function canMove<S extends string>(table: Transitions<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}

/** Throws IllegalMoveError unless the table allows `from` → `to`. */
export function checkMove<S extends string>(
  entity: string,
  table: Transitions<S>,
  from: S,
  to: S,
): S {
  if (!canMove(table, from, to)) throw new IllegalMoveError(entity, from, to);
  return to;
}

/** One StaleStatusError subclass per entity, so a caller can catch its own entity's lost race only. */
export function staleErrorOf<S extends string>(entity: string, name: string) {
  return class extends StaleStatusError {
    constructor(id: string, expected: S) {
      super(entity, id, expected);
      this.name = name;
    }
  };
}
