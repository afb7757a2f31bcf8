// The person's private iCalendar feed: task deadlines and completed focus sessions as RFC 5545
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
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import type { IcalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions } from "../../db/schema/admin.ts";
import { user } from "../../db/schema/auth.ts";
import { icalFeeds } from "../../db/schema/calendar.ts";
import { pomodoroSessions, tasks } from "../../db/schema/tasks.ts";

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

/** The feed's text: deadlines and completed focus sessions, placed in `timeZone` (IANA or UTC). */
export async function renderIcalFeed(db: Db, userId: string, timeZone: string, now: Date): Promise<string> {
  const from = subDays(now, PAST_DAYS);
  const to = addDays(now, FUTURE_DAYS);
  const [deadlines, focus] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        description: tasks.description,
        deadline: tasks.deadline,
        completed: tasks.completed,
        category: tasks.category,
      })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          isNotNull(tasks.deadline),
          gte(tasks.deadline, from),
          lt(tasks.deadline, to),
        ),
      )
      .orderBy(asc(tasks.deadline))
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

  // UTC needs no VTIMEZONE: its instants are written with the Z designator.
  const utc = timeZone === "UTC";
  const zoned = (d: Date) => (utc ? d : DateTime.fromJSDate(d, { zone: timeZone }));
  const calendar = ical({
    name: "Kairo",
    description: "Task deadlines and completed focus sessions from Kairo",
    prodId: { company: "Kairo", product: "Kairo", language: "EN" },
    timezone: utc ? null : { name: timeZone, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  const tz = utc ? null : timeZone;
  for (const t of deadlines) {
    const at = t.deadline!;
    calendar.createEvent({
      id: `task-${t.id}@kairo`,
      start: zoned(at),
      end: zoned(new Date(at.getTime() + DEADLINE_MINUTES * 60_000)),
      timezone: tz,
      stamp: zoned(now),
      summary: `${t.completed ? "Done" : "Due"}: ${t.title}`,
      description: [t.description, `Category: ${t.category}`].filter(Boolean).join("\n\n"),
      status: t.completed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  for (const f of focus) {
    const end = f.end ?? new Date(f.start.getTime() + f.minutes * 60_000);
    calendar.createEvent({
      id: `focus-${f.id}@kairo`,
      start: zoned(f.start),
      end: zoned(end),
      timezone: tz,
      stamp: zoned(now),
      summary: f.taskTitle ? `Focus session: ${f.taskTitle}` : "Focus session",
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // ical-generator writes DTSTAMP in the calendar's zone without a designator; RFC 5545 (3.8.7.2)
  // wants it in UTC. Every event has the same stamp, so one replacement sets them right.
  const text = calendar.toString();
  if (utc) return text;
  const local = DateTime.fromJSDate(now, { zone: timeZone }).toFormat("yyyyMMdd'T'HHmmss");
  const stamp = DateTime.fromJSDate(now, { zone: "utc" }).toFormat("yyyyMMdd'T'HHmmss'Z'");
  return text.replaceAll(`DTSTAMP:${local}\r\n`, `DTSTAMP:${stamp}\r\n`);
}
