// Prepared statements for the hottest reads (docs/decisions/036-request-overhead.md): on PostgreSQL
// each pooled connection parses and plans a named statement once, and drizzle builds its SQL text
// once, instead of both on every request.
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/** `build(db)` once per database handle, on first use. Statement names must be unique in the app. */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * The driver's rows of a prepared statement, unmapped: columns by their SQL names, timestamps as
 * PostgreSQL's text. For the hottest reads, which build their answer in one pass instead of through
 * drizzle's per-column decoders. (`all()` is on every drizzle PostgreSQL prepared query, PGlite's
 * included, but not in a prepared select's type.)
 */
export function rawRows(prepared: object, values: Record<string, unknown>) {
  return (prepared as { all(v: Record<string, unknown>): Promise<Array<Record<string, unknown>>> }).all(
    values,
  );
}

/**
 * A named parameter of a prepared statement, given its value when the statement executes (drizzle's
 * `sql.placeholder`).
 */
export const param = (name: string) => sql.placeholder(name);
export type Param = ReturnType<typeof param>;
