// A fingerprint of every row of every table in the public schema (one md5 per table), to prove a
// request changed nothing at all: take one before, one after, and compare.
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

const tableLists = new WeakMap<Db, Promise<string[]>>();

function tablesOf(db: Db): Promise<string[]> {
  let tables = tableLists.get(db);
  if (!tables) {
    tables = db
      .execute(
        sql`select table_name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
      .then((r) => rowsOf(r).map((row) => String(row.table_name)));
    tableLists.set(db, tables);
  }
  return tables;
}

/**
 * Table name → "row count:md5 of all rows". `ignore` leaves out tables that change without anyone
 * asking (none by default).
 */
export async function dbFingerprint(db: Db, ignore: string[] = []): Promise<Record<string, string>> {
  const tables = (await tablesOf(db)).filter((t) => !ignore.includes(t));
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${t}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(" union all ")));
  return Object.fromEntries(rowsOf(result).map((row) => [String(row.t), String(row.h)]));
}
