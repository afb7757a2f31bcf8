// "Write accepted plan blocks to my calendar" (decision 185). Turning it on for a connection that
// has not granted the write scope answers the provider's consent address (the connect flow again,
// with the write scope added; Google's incremental consent keeps what was granted), and nothing is
// stored until its callback comes back; a connection that holds the scope is chosen at once.
// Turning it off stores null; the write-back job then deletes the events Kairo wrote. With it on, the
// person may choose another of the account's calendars they can write to (decision 307); the job then
// moves Kairo's events there (deleted in the old calendar, created in the new).
import { and, eq } from "drizzle-orm";
import type { PlanWriteBackBody, PlanWriteBackResponse } from "#shared/contracts/calendar-integrations.ts";
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { calendarConnections } from "../../db/schema/calendar.ts";
import { plannerState } from "../../db/schema/planner.ts";
import type { WritableCalendar } from "../../providers/calendars/calendar-provider.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { type ConnectDeps, startCalendarConnect } from "./connect.ts";
import { primaryCalendarOf, writableCalendarsOf } from "./plan-write-back.ts";
import type { SyncDeps } from "./sync.ts";

const NOT_A_CALENDAR = "calendarId must be the id of one of your calendars that Kairo may write to";
const WRITE_FIRST = "Turn write-back on for this account first; then choose its calendar.";

export async function readPlanWriteBack(
  deps: SyncDeps,
  userId: string,
  now: Date,
): Promise<PlanWriteBackResponse> {
  const [row] = await deps.db
    .select({
      connectionId: plannerState.writeBackConnectionId,
      calendarId: plannerState.writeBackCalendarId,
      provider: calendarConnections.provider,
      writeGranted: calendarConnections.writeGranted,
    })
    .from(plannerState)
    .innerJoin(
      calendarConnections,
      and(
        eq(calendarConnections.id, plannerState.writeBackConnectionId),
        eq(calendarConnections.isActive, true),
      ),
    )
    .where(eq(plannerState.userId, userId));
  const off = { connectionId: null, calendarId: null, calendars: [], calendarsError: null, authUrl: null };
  if (!row?.connectionId) return off;
  let calendars: WritableCalendar[] = [];
  let calendarsError: string | null = null;
  try {
    const conn = { id: row.connectionId, userId, provider: row.provider, writeGranted: row.writeGranted };
    calendars = (await writableCalendarsOf(deps, conn, now)) ?? [];
  } catch (err) {
    calendarsError = `Your calendars could not be read just now (${err instanceof Error ? err.message : "unknown error"}).`;
  }
  const main = calendars.find((c) => c.primary)?.id ?? primaryCalendarOf(row.provider);
  return {
    connectionId: row.connectionId,
    calendarId: row.calendarId ?? main,
    calendars,
    calendarsError,
    authUrl: null,
  };
}

export async function savePlanWriteBack(
  deps: ConnectDeps,
  a: {
    userId: string;
    body: PlanWriteBackBody;
    origin: string | undefined;
    entitlements: Pick<Entitlements, "forPerson">;
    now: Date;
  },
): Promise<PlanWriteBackResponse> {
  const store = async (connectionId: string | null, calendarId: string | null) => {
    await deps.db
      .insert(plannerState)
      .values({
        userId: a.userId,
        writeBackConnectionId: connectionId,
        writeBackCalendarId: calendarId,
        updatedAt: a.now,
      })
      .onConflictDoUpdate({
        target: plannerState.userId,
        set: { writeBackConnectionId: connectionId, writeBackCalendarId: calendarId },
      });
  };
  if (a.body.connectionId === null) {
    await store(null, null);
    return readPlanWriteBack(deps, a.userId, a.now);
  }
  const [conn] = await deps.db
    .select({
      id: calendarConnections.id,
      provider: calendarConnections.provider,
      writeGranted: calendarConnections.writeGranted,
    })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.id, a.body.connectionId),
        eq(calendarConnections.userId, a.userId),
        eq(calendarConnections.isActive, true),
      ),
    );
  if (!conn) throw new AppError("NOT_FOUND", "Calendar connection not found.");
  if (conn.writeGranted) {
    const [before] = await deps.db
      .select({
        connectionId: plannerState.writeBackConnectionId,
        calendarId: plannerState.writeBackCalendarId,
      })
      .from(plannerState)
      .where(eq(plannerState.userId, a.userId));
    let calendarId = before?.connectionId === conn.id ? (before.calendarId ?? null) : null;
    if (a.body.calendarId !== undefined) {
      const calendars = await writableCalendarsOf(deps, { ...conn, userId: a.userId }, a.now);
      const chosen = calendars?.find((c) => c.id === a.body.calendarId);
      if (!chosen)
        throw new AppError("VALIDATION", NOT_A_CALENDAR, { fields: { calendarId: NOT_A_CALENDAR } });
      // The main calendar is stored as "the main one", as before any choice.
      calendarId = chosen.primary ? null : chosen.id;
    }
    await store(conn.id, calendarId);
    return readPlanWriteBack(deps, a.userId, a.now);
  }
  if (a.body.calendarId !== undefined)
    throw new AppError("VALIDATION", WRITE_FIRST, { fields: { calendarId: WRITE_FIRST } });
  const started = await startCalendarConnect(deps, {
    userId: a.userId,
    provider: conn.provider as CalendarProviderId,
    origin: a.origin,
    entitlements: a.entitlements,
    now: a.now,
    write: true,
  });
  const current = await readPlanWriteBack(deps, a.userId, a.now);
  return { ...current, authUrl: started.authUrl };
}
