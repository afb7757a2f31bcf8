// "Write accepted plan blocks to my calendar" (decision 185). Turning it on for a connection that
// has not granted the write scope answers the provider's consent address (the connect flow again,
// with the write scope added; Google's incremental consent keeps what was granted), and nothing is
// stored until its callback comes back; a connection that holds the scope is chosen at once.
// Turning it off stores null; the write-back job then deletes the events Kairo wrote.
import { and, eq } from "drizzle-orm";
import type { PlanWriteBackBody, PlanWriteBackResponse } from "#shared/contracts/calendar-integrations.ts";
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { calendarConnections } from "../../db/schema/calendar.ts";
import { plannerState } from "../../db/schema/planner.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { type ConnectDeps, startCalendarConnect } from "./connect.ts";

export async function readPlanWriteBack(
  deps: Pick<ConnectDeps, "db">,
  userId: string,
): Promise<PlanWriteBackResponse> {
  const [row] = await deps.db
    .select({ connectionId: plannerState.writeBackConnectionId })
    .from(plannerState)
    .innerJoin(
      calendarConnections,
      and(
        eq(calendarConnections.id, plannerState.writeBackConnectionId),
        eq(calendarConnections.isActive, true),
      ),
    )
    .where(eq(plannerState.userId, userId));
  return { connectionId: row?.connectionId ?? null, authUrl: null };
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
  const store = async (connectionId: string | null) => {
    await deps.db
      .insert(plannerState)
      .values({ userId: a.userId, writeBackConnectionId: connectionId, updatedAt: a.now })
      .onConflictDoUpdate({ target: plannerState.userId, set: { writeBackConnectionId: connectionId } });
  };
  if (a.body.connectionId === null) {
    await store(null);
    return { connectionId: null, authUrl: null };
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
    await store(conn.id);
    return { connectionId: conn.id, authUrl: null };
  }
  const started = await startCalendarConnect(deps, {
    userId: a.userId,
    provider: conn.provider as CalendarProviderId,
    origin: a.origin,
    entitlements: a.entitlements,
    now: a.now,
    write: true,
  });
  const current = await readPlanWriteBack(deps, a.userId);
  return { connectionId: current.connectionId, authUrl: started.authUrl };
}
