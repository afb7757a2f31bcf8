// Every minute, the connections whose 15-minute turn has come are claimed and synced. The claim is
// one UPDATE ... FOR UPDATE SKIP LOCKED that moves each claimed connection's next turn on by 15
// minutes (plus a random part of a minute, so connections made together drift apart): however many
// instances run this at once, each due connection is claimed by exactly one of them. The sync's own
// lease then keeps a Sync Now and a scheduled sync of one connection from overlapping.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CALENDAR_SYNC } from "#shared/domain/calendar-sync.ts";
import type { Db } from "../../db/client.ts";
import { type SyncDeps, syncConnection } from "../../modules/calendar-integrations/sync.ts";
import { defineJob } from "../queue.ts";

export const CALENDAR_AUTO_SYNC_JOB = "calendar-auto-sync";

/** Connections synced per run at most; the rest wait for the next minute. */
const BATCH = 25;

export async function claimDueConnections(db: Db, now: Date, limit = BATCH): Promise<{ id: string }[]> {
  const at = now.toISOString();
  const result: unknown = await db.execute(sql`
    update calendar_connections
       set next_sync_at = ${at}::timestamptz
             + make_interval(mins => ${CALENDAR_SYNC.autoSyncMinutes})
             + make_interval(secs => floor(random() * 60)::int)
     where id in (
       select id from calendar_connections
        where is_active and not needs_reconnect and next_sync_at <= ${at}::timestamptz
        order by next_sync_at
        limit ${limit}
        for update skip locked)
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows?: { id: string }[] }).rows;
  return rows ?? [];
}

export function calendarAutoSyncJob(deps: SyncDeps & { clock: () => Date }) {
  return defineJob({
    name: CALENDAR_AUTO_SYNC_JOB,
    payload: z.object({}).strict(),
    schedule: "* * * * *",
    async handler(_payload, { now, log }) {
      const due = await claimDueConnections(deps.db, now);
      for (const { id } of due) {
        const outcome = await syncConnection(deps, {
          connectionId: id,
          syncType: "scheduled",
          now: deps.clock(),
        });
        if (outcome.status === "busy")
          log.info({ connectionId: id }, "scheduled sync skipped: a sync is running");
      }
    },
  });
}
