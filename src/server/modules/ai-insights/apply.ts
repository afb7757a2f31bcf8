// Applying a recommendation: stored as applied (one way) and, where Kairo can, done: the Pomodoro
// lengths set to 45/5, focus blocks put into the calendar at the person's own peak hours, or the task
// list grouped by category. Everything happens in one transaction; a failure changes nothing.
import { and, eq, sql } from "drizzle-orm";
import type { ApplyResponse } from "#shared/contracts/ai-insights.ts";
import { formatHourRange, peakWindow } from "#shared/domain/insights.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { lockPerson } from "../../db/person-lock.ts";
import { user } from "../../db/schema/auth.ts";
import { optimizationRecommendations } from "../../db/schema/insights.ts";
import type { Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { createTask } from "../tasks/tasks.ts";
import type { InsightsCache } from "./generate.ts";
import { readInsightsData } from "./insights-data.ts";

/** The next weekdays that get a focus block. */
export const FOCUS_BLOCK_DAYS = 5;
const DEFAULT_PEAK = { start: 9, end: 11 };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []);

export type ApplyOptions = {
  db: Db;
  events: DomainEvents;
  entitlements: Pick<Entitlements, "require">;
  clock: () => Date;
  /** The person's cached insights are dropped: the recommendation now reads applied. */
  cache: Pick<InsightsCache, "drop">;
  personId: string;
  recommendationId: string;
  /** An IANA zone, already checked. */
  tz: string;
};

export async function applyRecommendation(o: ApplyOptions): Promise<ApplyResponse> {
  const { db, events, personId: userId, recommendationId: id, tz } = o;
  // Asked before the transaction: on PGlite's single connection a read beside it would wait for it.
  const known = await o.entitlements.require(userId, "ai_insights");
  const askedAlready = { forPerson: async () => known };
  const now = o.clock();
  // The peak is read before the transaction: it only decides where new focus blocks go.
  const data = await readInsightsData(db, userId, tz, now);
  const peak = peakWindow(data.minutesByHour, data.completionsByHour) ?? DEFAULT_PEAK;
  const applied = await applyLocked({ db, events, userId, id, tz, now, peak, askedAlready });
  o.cache.drop(userId);
  return applied;
}

function applyLocked(a: {
  db: Db;
  events: DomainEvents;
  userId: string;
  id: string;
  tz: string;
  now: Date;
  peak: { start: number; end: number };
  askedAlready: { forPerson: Entitlements["forPerson"] };
}): Promise<ApplyResponse> {
  const { db, events, userId, id, tz, now, peak, askedAlready } = a;
  // Focus blocks are created as tasks, whose task.created events go out once this commits.
  return events.afterCommit(() =>
    db.transaction(async (txn) => {
      // The person first, as every task write locks (tasks/person-lock.ts): focus blocks are tasks.
      await lockPerson(txn as Tx, userId);
      const tx = txn as unknown as Db;
      const [row] = await tx
        .select()
        .from(optimizationRecommendations)
        .where(and(eq(optimizationRecommendations.id, id), eq(optimizationRecommendations.userId, userId)))
        .for("update");
      if (!row) throw new AppError("NOT_FOUND", "Recommendation not found.");
      if (row.isApplied) throw new AppError("CONFLICT", "This recommendation is already applied.");
      const [updated] = await tx
        .update(optimizationRecommendations)
        .set({ isApplied: true, appliedAt: now })
        .where(eq(optimizationRecommendations.id, id))
        .returning();

      let effect: ApplyResponse["effect"] = { kind: "none" };
      if (row.action === "pomodoro_45_5") {
        await setPreference(tx, userId, {
          pomodoro: { workMinutes: 45, breakMinutes: 5, setAt: now.toISOString() },
        });
        effect = { kind: "pomodoro", workMinutes: 45, breakMinutes: 5 };
      } else if (row.action === "batch_tasks") {
        await setPreference(tx, userId, { taskGrouping: "category" });
        effect = { kind: "batch_tasks", groupBy: "category" };
      } else if (row.action === "focus_blocks") {
        const hours = formatHourRange(peak.start, peak.end);
        // The starts of the next weekdays' peak windows, local to the person.
        const starts = rowsOf(
          await tx.execute(sql`
          select to_char((d::date + make_time(${peak.start}::int, 0, 0)) at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
          from generate_series((${now.toISOString()}::timestamptz at time zone ${tz})::date + 1,
            (${now.toISOString()}::timestamptz at time zone ${tz})::date + 14, interval '1 day') d
          where extract(isodow from d) <= 5
          order by d limit ${FOCUS_BLOCK_DAYS}::int`),
        ).map((r) => String(r.at));
        for (const at of starts) {
          await createTask({
            db: tx,
            events,
            entitlements: askedAlready,
            clock: () => now,
            personId: userId,
            body: {
              title: `Focus block (${hours})`,
              description: "Two hours of uninterrupted work at your peak time, added by AI Insights.",
              deadline: at,
              estimatedMinutes: (peak.end - peak.start) * 60,
              category: "General",
              priority: "high",
            },
          });
        }
        effect = { kind: "focus_blocks", created: starts.length, hours };
      }
      const r = updated ?? row;
      return {
        recommendation: {
          id: r.id,
          text: r.recommendation,
          impact: r.impactLevel as ApplyResponse["recommendation"]["impact"],
          category: r.category ?? "general",
          improvement: r.estimatedImprovement ?? 0,
          action: r.action as ApplyResponse["recommendation"]["action"],
          isApplied: true,
          appliedAt: now.toISOString(),
          measured: null,
        },
        effect,
      };
    }),
  );
}

/** Merges keys into the person's preferences jsonb, leaving the others as they are. */
async function setPreference(tx: Db, userId: string, patch: Record<string, unknown>) {
  await tx
    .update(user)
    .set({ preferences: sql`${user.preferences} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(user.id, userId));
}
