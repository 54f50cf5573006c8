import { type Column, getTableColumns, getTableName, type SQL, sql, type Table } from "drizzle-orm";

/**
 * A table's rows as a correlated subquery hands them over in one json value (`json_agg` of whole
 * rows, keyed by column name), read back into the row type Drizzle gives for a plain select: each
 * column decoded as the column itself decodes it (timestamps into Dates, bigints into numbers).
 * It lets one statement read a record with the rows other tables keep about it.
 */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}

/** `select json_agg(...)` of a subquery's rows, read as `table`'s rows; [] when there are none. */
export function jsonRows<T extends Table>(table: T, subquery: SQL): SQL<T["$inferSelect"][]> {
  return sql`coalesce((${subquery}), '[]'::json)`.mapWith((value: unknown) =>
    (parsed(value) as Record<string, unknown>[]).map((r) => rowFromJson(table, r)),
  ) as SQL<T["$inferSelect"][]>;
}

/** `select row_to_json(...)` of at most one row, read as `table`'s row; null for none. */
export function jsonRow<T extends Table>(table: T, subquery: SQL): SQL<T["$inferSelect"] | null> {
  // A null result never reaches the decoder: Drizzle passes it through as null.
  return sql`(${subquery})`.mapWith((value: unknown) =>
    rowFromJson(table, parsed(value) as Record<string, unknown>),
  ) as SQL<T["$inferSelect"] | null>;
}

/**
 * A column of the outer row, named with its table, as a correlated subquery must name it (Drizzle
 * leaves a select's own columns unqualified, which a subquery would read as its own).
 */
export const outerColumn = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

// Drivers hand json over parsed, except where a type parser is not installed.
const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
