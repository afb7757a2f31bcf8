// The person's private iCalendar feed: task deadlines (a repeating task on schedule as one repeating
// event with its skipped dates excluded, decision 260) and completed focus sessions as RFC 5545
// events, for any calendar app to subscribe to at /ical/{secret}.ics. The secret is 256 random bits;
// the database keeps its SHA-256 (what the public route looks up) and the secret itself sealed, so
// Settings can show the address again. Regenerating replaces it (the old address stops working at
// once); revoking deletes it.
//
// ical-generator writes the calendar, @touch4it/ical-timezones the VTIMEZONE of the zone asked for,
// and luxon gives ical-generator instants it can place in that zone (with plain Dates it would use
// the server process's own zone).
import { createHash, randomBytes } from "node:crypto";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { addDays, subDays } from "date-fns";
import { and, asc, eq, gte, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import type { IcalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { iCalendarSeries } from "#shared/domain/recurrence.ts";
import type { Recurrence } from "#shared/domain/recurrence-rule.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions } from "../../db/schema/admin.ts";
import { user } from "../../db/schema/auth.ts";
import { icalFeeds } from "../../db/schema/calendar.ts";
import { pomodoroSessions, taskOccurrences, tasks } from "../../db/schema/tasks.ts";

/** How far back and ahead the feed reaches: calendar apps refetch it, so it stays small. */
const PAST_DAYS = 90;
const FUTURE_DAYS = 365;
const MAX_ITEMS = 2000;
/** A deadline is an instant; in a calendar it shows as this long. */
const DEADLINE_MINUTES = 15;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");
const sealContext = (userId: string) => `ical-feed:${userId}`;

export function feedUrl(publicUrl: string, secret: string): string {
  return new URL(`/ical/${secret}.ics`, publicUrl).toString();
}

export async function getIcalFeed(
  db: Db,
  box: SecretBox,
  userId: string,
  publicUrl: string,
): Promise<IcalFeedResponse> {
  const [row] = await db.select().from(icalFeeds).where(eq(icalFeeds.userId, userId));
  if (!row) return { url: null, createdAt: null };
  try {
    return {
      url: feedUrl(publicUrl, box.open(row.token, sealContext(userId))),
      createdAt: row.createdAt.toISOString(),
    };
  } catch {
    // Sealed under another server secret: the address cannot be shown; a new one is needed.
    return { url: null, createdAt: null };
  }
}

/** A new secret address for the person; any earlier one stops working. */
export async function regenerateIcalFeed(
  db: Db,
  box: SecretBox,
  userId: string,
  publicUrl: string,
  now: Date,
): Promise<IcalFeedResponse> {
  const secret = randomBytes(32).toString("base64url");
  const values = { tokenHash: hashOf(secret), token: box.seal(secret, sealContext(userId)), createdAt: now };
  await db
    .insert(icalFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: icalFeeds.userId, set: values });
  return { url: feedUrl(publicUrl, secret), createdAt: now.toISOString() };
}

export async function revokeIcalFeed(db: Db, userId: string): Promise<void> {
  await db.delete(icalFeeds).where(eq(icalFeeds.userId, userId));
}

/**
 * The person whose feed this secret opens, or null: also when the account is barred (a ban in
 * force) or waiting to be purged after its deletion, so a closed account's calendar stops answering
 * at once, not after the 90 days its rows are kept.
 */
export async function feedOwner(db: Db, secret: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  const [row] = await db
    .select({ userId: icalFeeds.userId })
    .from(icalFeeds)
    .innerJoin(user, eq(user.id, icalFeeds.userId))
    .leftJoin(accountDeletions, eq(accountDeletions.userId, icalFeeds.userId))
    .where(
      and(
        eq(icalFeeds.tokenHash, hashOf(secret)),
        isNull(accountDeletions.userId),
        // A ban is in force while it has no end or its end is still ahead.
        sql`not (coalesce(${user.banned}, false) and (${user.banExpires} is null or ${user.banExpires} > ${now.toISOString()}::timestamptz))`,
      ),
    );
  return row?.userId ?? null;
}

type Row = typeof tasks.$inferSelect;
type OccurrenceRow = typeof taskOccurrences.$inferSelect;
const WALL = "yyyyMMdd'T'HHmmss";
/** Whether a wall-clock time exists in the zone (not in an hour the clocks skip). */
const writable = (wall: string, zone: string) =>
  DateTime.fromFormat(wall, WALL, { zone }).toFormat(WALL) === wall;
const seriesOf = (t: Row): Recurrence => ({
  rrule: t.recurrenceRule!,
  start: t.recurrenceStart!,
  timeZone: t.recurrenceTimeZone!,
  afterCompletion: false,
});

/**
 * The feed's text: deadlines (a repeating task on schedule as one repeating event, decision 260),
 * completed occurrences and focus sessions, placed in `timeZone` (IANA or UTC).
 */
export async function renderIcalFeed(db: Db, userId: string, timeZone: string, now: Date): Promise<string> {
  const from = subDays(now, PAST_DAYS);
  const to = addDays(now, FUTURE_DAYS);
  const onSchedule = and(
    isNotNull(tasks.recurrenceRule),
    isNotNull(tasks.recurrenceStart),
    isNotNull(tasks.recurrenceTimeZone),
    eq(tasks.recurrenceAfterCompletion, false),
  )!;
  const [deadlines, series, finished, focus] = await Promise.all([
    // Tasks that happen once, and the open occurrence of a series that repeats after completion.
    db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          not(onSchedule),
          isNotNull(tasks.deadline),
          gte(tasks.deadline, from),
          lt(tasks.deadline, to),
        ),
      )
      .orderBy(asc(tasks.deadline))
      .limit(MAX_ITEMS),
    db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          onSchedule,
          // A series that ended before the window has nothing in it.
          or(eq(tasks.completed, false), gte(tasks.completedAt, from), gte(tasks.occurrenceDue, from)),
        ),
      )
      .orderBy(asc(tasks.occurrenceDue))
      .limit(MAX_ITEMS),
    // Finished occurrences whose rule date or deadline is in the window (or later: a skip ahead).
    db
      .select()
      .from(taskOccurrences)
      .where(
        and(
          eq(taskOccurrences.userId, userId),
          or(gte(taskOccurrences.dueAt, from), gte(taskOccurrences.deadline, from)),
        ),
      )
      .orderBy(asc(taskOccurrences.dueAt))
      .limit(MAX_ITEMS),
    db
      .select({
        id: pomodoroSessions.id,
        start: pomodoroSessions.startTime,
        end: pomodoroSessions.endTime,
        minutes: pomodoroSessions.durationMinutes,
        taskTitle: tasks.title,
      })
      .from(pomodoroSessions)
      .leftJoin(tasks, eq(tasks.id, pomodoroSessions.taskId))
      .where(
        and(
          eq(pomodoroSessions.userId, userId),
          eq(pomodoroSessions.completed, true),
          gte(pomodoroSessions.startTime, from),
        ),
      )
      .orderBy(asc(pomodoroSessions.startTime))
      .limit(MAX_ITEMS),
  ]);

  // UTC needs no VTIMEZONE for its own instants (written with the Z designator); a series still
  // names its zone, whose VTIMEZONE the generator adds.
  const utc = timeZone === "UTC";
  const zoned = (d: Date) => (utc ? d : DateTime.fromJSDate(d, { zone: timeZone }));
  const calendar = ical({
    name: "Kairo",
    description: "Task deadlines and completed focus sessions from Kairo",
    prodId: { company: "Kairo", product: "Kairo", language: "EN" },
    timezone: { name: utc ? null : timeZone, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  const tz = utc ? null : timeZone;
  const descriptionOf = (description: string | null, category: string) =>
    [description, `Category: ${category}`].filter(Boolean).join("\n\n");
  const deadlineEvent = (id: string, at: Date, summary: string, description: string, done: boolean) =>
    calendar.createEvent({
      id,
      start: zoned(at),
      end: zoned(new Date(at.getTime() + DEADLINE_MINUTES * 60_000)),
      timezone: tz,
      stamp: now,
      summary,
      description,
      status: done ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  for (const t of deadlines)
    deadlineEvent(
      `task-${t.id}@kairo`,
      t.deadline!,
      `${t.completed ? "Done" : "Due"}: ${t.title}`,
      descriptionOf(t.description, t.category),
      t.completed,
    );

  // The finished occurrences a series event covers (as an EXDATE or an override); the others (a
  // series that repeats after completion, an earlier rule of the task) are events of their own.
  const byTask = new Map<string, OccurrenceRow[]>();
  for (const o of finished) byTask.set(o.taskId, [...(byTask.get(o.taskId) ?? []), o]);
  const covered = new Set<string>();
  let items = deadlines.length;
  for (const t of series) {
    if (items >= MAX_ITEMS) break;
    const r = seriesOf(t);
    const done = byTask.get(t.id) ?? [];
    const open = !t.completed && t.occurrenceDue ? t.occurrenceDue : null;
    const dates = [...done.map((o) => o.dueAt), ...(open ? [open] : [])];
    let lines = iCalendarSeries(r, from, dates);
    // A DTSTART in an hour the clocks skip would be written an hour later (luxon moves it on), and
    // every date with it: the series then starts at its next date.
    if (lines && !writable(lines.start, r.timeZone))
      lines = iCalendarSeries(r, new Date(lines.startInstant.getTime() + 1), dates);
    if (!lines || lines.startInstant >= to) continue;
    const zone = r.timeZone;
    const inZone = (d: Date) => DateTime.fromJSDate(d, { zone });
    const wallStart = DateTime.fromFormat(lines.start, WALL, { zone });
    const exdates = done
      .filter((o) => o.outcome === "skipped" && lines.walls.has(o.dueAt.getTime()))
      .map((o) => lines.walls.get(o.dueAt.getTime())!);
    const title = t.seriesTitle ?? t.title;
    const description = descriptionOf(t.description, t.category);
    calendar.createEvent({
      id: `task-${t.id}@kairo`,
      start: wallStart,
      end: wallStart.plus({ minutes: DEADLINE_MINUTES }),
      timezone: zone,
      stamp: now,
      repeating: [
        `RRULE:${lines.rrule}`,
        ...(exdates.length > 0 ? [`EXDATE;TZID=${zone}:${exdates.join(",")}`] : []),
      ].join("\n"),
      summary: `Due: ${title}`,
      description,
      status: ICalEventStatus.TENTATIVE,
    });
    items += 1;
    for (const o of done) if (lines.walls.has(o.dueAt.getTime())) covered.add(o.id);
    // Overrides (RECURRENCE-ID, the rule's date): a completed occurrence reads "Done" at its
    // deadline as it was; the open one, when its deadline or title is its own.
    const override = (due: Date, at: Date, summary: string, isDone: boolean) => {
      const wallText = lines.walls.get(due.getTime())!;
      // An override cannot name a date in a skipped hour exactly: the plain instance shows instead.
      if (!writable(wallText, zone)) return;
      const wall = DateTime.fromFormat(wallText, WALL, { zone });
      calendar.createEvent({
        id: `task-${t.id}@kairo`,
        recurrenceId: wall,
        start: inZone(at),
        end: inZone(new Date(at.getTime() + DEADLINE_MINUTES * 60_000)),
        timezone: zone,
        stamp: now,
        summary,
        description,
        status: isDone ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
      });
      items += 1;
    };
    for (const o of done)
      if (o.outcome === "completed" && lines.walls.has(o.dueAt.getTime()) && items < MAX_ITEMS)
        override(o.dueAt, o.deadline ?? o.dueAt, `Done: ${o.title}`, true);
    if (
      open &&
      lines.walls.has(open.getTime()) &&
      items < MAX_ITEMS &&
      ((t.deadline && t.deadline.getTime() !== open.getTime()) || t.title !== title)
    )
      override(open, t.deadline ?? open, `Due: ${t.title}`, false);
  }
  for (const o of finished) {
    if (items >= MAX_ITEMS) break;
    const at = o.deadline ?? o.dueAt;
    if (o.outcome !== "completed" || covered.has(o.id) || at < from || at >= to) continue;
    deadlineEvent(`occurrence-${o.id}@kairo`, at, `Done: ${o.title}`, `Category: ${o.category}`, true);
    items += 1;
  }

  for (const f of focus) {
    const end = f.end ?? new Date(f.start.getTime() + f.minutes * 60_000);
    calendar.createEvent({
      id: `focus-${f.id}@kairo`,
      start: zoned(f.start),
      end: zoned(end),
      timezone: tz,
      stamp: now,
      summary: f.taskTitle ? `Focus session: ${f.taskTitle}` : "Focus session",
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 (3.8.7.2) wants DTSTAMP in UTC; ical-generator writes it in the calendar's zone without
  // a designator. Every event has the same stamp, so one replacement sets them right.
  const stamp = DateTime.fromJSDate(now, { zone: "utc" }).toFormat("yyyyMMdd'T'HHmmss'Z'");
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${stamp}`);
}
