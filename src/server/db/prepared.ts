// Prepared statements for the hottest reads (docs/decisions/036-request-overhead.md): on PostgreSQL
// each pooled connection parses and plans a named statement once, and drizzle builds its SQL text
// once, instead of both on every request.
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
