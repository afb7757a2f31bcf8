// How long the rows that grow by themselves are kept (issue 22 point 4), and the daily job's work:
// the workflow engine's events and finished runs, the team's activity, notifications, browsers'
// error reports, calendar sync logs, mail already delivered (or given up), leases long lapsed and
// OAuth clients that registered themselves but were never authorized (decision 313). Each table is
// cut oldest first in small batches, each its
// own short statement, so the job never holds a long transaction or many locks; two instances
// running it at once split the rows (SKIP LOCKED) and delete each row once.
import { and, eq, gte, inArray, isNotNull, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { clientErrorReports } from "../../db/schema/admin.ts";
import { leases, mailOutbox } from "../../db/schema/background.ts";
import { syncLogs } from "../../db/schema/calendar.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { oauthApps, oauthAuthorizations, oauthGrants } from "../../db/schema/platform.ts";
import { teamActivity } from "../../db/schema/team.ts";
import { workflowEvents, workflowExecutions } from "../../db/schema/workflows.ts";

const DAY_MS = 86_400_000;
/** Rows deleted per statement: small enough to hold few locks for a short time. */
const BATCH = 1000;

/**
 * Days each kind of row is kept, counted from the column named in `RETENTION`. Workflow events
 * must outlive the sweep's 24-hour look-back for new calendar events, whose dedupe keys they hold.
 */
export const RETENTION_DAYS = {
  /** Trigger events, once dispatched (their runs are kept longer, below). */
  workflowEvents: 30,
  /** Finished runs (completed, failed, cancelled, held); queued and running ones are never cut. */
  workflowExecutions: 90,
  teamActivity: 90,
  /** Read or not. */
  notifications: 90,
  clientErrorReports: 30,
  syncLogs: 30,
  /** Mail delivered or given up on; mail still to send is never cut. */
  mailOutbox: 30,
  /** Leases lapsed this long ago: work finished or taken over long since, its holder gone. */
  leases: 1,
  /**
   * Clients an assistant registered at /oauth/register (RFC 7591) that hold no grant and have had
   * no authorization started for this long: nobody ever approved them. A client that was approved
   * keeps its registration (its grants, revoked or not, stay listed under Connected apps).
   */
  unclaimedClients: 1,
} as const;

export type RetentionKind = keyof typeof RETENTION_DAYS;

type Rule = {
  table: PgTable;
  id: AnyPgColumn;
  age: AnyPgColumn;
  /** A further condition; a function is given the retention's cut-off instant. */
  also?: SQL | ((before: Date) => SQL | undefined);
};

const FINISHED = ["completed", "failed", "cancelled", "held"];

const RULES: Record<RetentionKind, Rule> = {
  workflowEvents: {
    table: workflowEvents,
    id: workflowEvents.id,
    age: workflowEvents.dispatchedAt,
    also: isNotNull(workflowEvents.dispatchedAt),
  },
  workflowExecutions: {
    table: workflowExecutions,
    id: workflowExecutions.id,
    age: workflowExecutions.createdAt,
    also: inArray(workflowExecutions.status, FINISHED),
  },
  teamActivity: { table: teamActivity, id: teamActivity.id, age: teamActivity.createdAt },
  notifications: { table: notifications, id: notifications.id, age: notifications.createdAt },
  clientErrorReports: {
    table: clientErrorReports,
    id: clientErrorReports.id,
    age: clientErrorReports.createdAt,
  },
  syncLogs: { table: syncLogs, id: syncLogs.id, age: syncLogs.startedAt },
  mailOutbox: {
    table: mailOutbox,
    id: mailOutbox.id,
    age: mailOutbox.createdAt,
    also: inArray(mailOutbox.status, ["sent", "failed"]),
  },
  leases: { table: leases, id: leases.key, age: leases.expiresAt },
  unclaimedClients: {
    table: oauthApps,
    id: oauthApps.id,
    age: oauthApps.createdAt,
    also: (before) =>
      and(
        eq(oauthApps.registration, "dynamic"),
        notExists(sql`(select 1 from ${oauthGrants} where ${oauthGrants.appId} = ${oauthApps.id})`),
        // An approval under way (or one that just ended in a grant) keeps its client.
        notExists(
          sql`(select 1 from ${oauthAuthorizations} where ${oauthAuthorizations.appId} = ${oauthApps.id} and ${gte(oauthAuthorizations.createdAt, before)})`,
        ),
      ),
  },
};

/** Deletes every row past its retention at `now`; answers how many of each kind went. */
export async function applyRetention(db: Db, now: Date): Promise<Record<RetentionKind, number>> {
  const deleted = {} as Record<RetentionKind, number>;
  for (const kind of Object.keys(RULES) as RetentionKind[]) {
    const { table, id, age, also } = RULES[kind];
    const before = new Date(now.getTime() - RETENTION_DAYS[kind] * DAY_MS);
    const due = and(lt(age, before), typeof also === "function" ? also(before) : also);
    let total = 0;
    for (;;) {
      // The oldest first, rows another instance is deleting skipped rather than waited for.
      const batch = db
        .select({ id })
        .from(table)
        .where(due)
        .orderBy(age)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const gone = await db.delete(table).where(inArray(id, batch)).returning({ id });
      total += gone.length;
      if (gone.length < BATCH) break;
    }
    deleted[kind] = total;
  }
  return deleted;
}
