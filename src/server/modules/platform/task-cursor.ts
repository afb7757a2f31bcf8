// /api/v1's task list cursor (decision 310): an opaque text that is a place in the list's order
// (TASK_ORDER: priority score, deadline, creation, id), the sort values of a page's last task as
// PostgreSQL holds them (timestamps as its text, to the microsecond). The next page is the tasks
// after that place (keyset paging), so a task created or deleted between two calls shifts nothing.
// A cursor is read back with the same care as any input: a text that is not one answers 400.
import { AppError } from "#shared/errors/app-error.ts";
import type { TaskKey } from "../tasks/tasks.ts";

const PREFIX = "t1.";
const BAD = "cursor must be a nextCursor from an earlier answer";
/** PostgreSQL's text for a timestamptz: "2026-11-27 17:38:16.123456+00", a year past 9999, or BC. */
const PG_TIMESTAMPTZ =
  /^(\d{4,6})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}( BC)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeTaskCursor(key: TaskKey): string {
  const json = JSON.stringify([key.score, key.deadline, key.createdAt, key.id]);
  return PREFIX + Buffer.from(json, "utf8").toString("base64url");
}

/** A real date and time of day in PostgreSQL's text (so the cast back can never fail). */
function isPgTimestamp(text: unknown): text is string {
  if (typeof text !== "string") return false;
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) return false;
  const [, y, mo, d, h, mi, s, bc] = m;
  // Astronomical year: 1 BC is year 0 (a leap year, as PostgreSQL counts it).
  const year = bc ? 1 - Number(y) : Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!bc && Number(y) === 0) return false;
  if (month < 1 || month > 12 || day < 1 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

export function decodeTaskCursor(cursor: string): TaskKey {
  const refuse = () => new AppError("VALIDATION", BAD, { fields: { cursor: BAD } });
  if (!cursor.startsWith(PREFIX)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), "base64url").toString("utf8"));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [score, deadline, createdAt, id] = parsed as unknown[];
  if (typeof score !== "number" || !Number.isFinite(score)) throw refuse();
  if (deadline !== null && !isPgTimestamp(deadline)) throw refuse();
  if (!isPgTimestamp(createdAt)) throw refuse();
  if (typeof id !== "string" || !UUID.test(id)) throw refuse();
  return { score, deadline, createdAt, id };
}
