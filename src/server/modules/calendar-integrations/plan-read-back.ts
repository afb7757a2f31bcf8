// Reading Kairo's own plan-block events back from the person's calendar (decision 187), inside the
// sync's transaction: an event Kairo wrote that the person moved there pins its block at the new
// time; one they deleted releases its block (the task is unplanned until the next plan). Only
// events Kairo wrote before this sync listed the calendar are judged: a write made while the
// listing was under way is newer than the listing, and the next sync judges it.
import { and, eq, inArray } from "drizzle-orm";
import { planBlockEvents, planBlocks } from "../../db/schema/planner.ts";
import type { Tx } from "../../db/transaction.ts";
import type { EventChanges } from "../../providers/calendars/calendar-provider.ts";

export type ReadBack = { pinned: string[]; released: string[] };

export async function readBackPlanEvents(
  tx: Tx,
  conn: { id: string; userId: string },
  changes: EventChanges,
  window: { from: Date; to: Date },
  startedAt: Date,
): Promise<ReadBack> {
  const out: ReadBack = { pinned: [], released: [] };
  const records = await tx
    .select()
    .from(planBlockEvents)
    .where(and(eq(planBlockEvents.connectionId, conn.id), eq(planBlockEvents.userId, conn.userId)));
  const settled = records.filter((r) => r.updatedAt.getTime() < startedAt.getTime());
  if (!settled.length) return out;
  const listed = new Map(changes.events.map((e) => [e.externalId, e]));
  const removed = new Set(changes.removed);
  for (const r of settled) {
    const e = listed.get(r.eventId);
    const inWindow = r.startTime < window.to && r.endTime > window.from;
    if (removed.has(r.eventId) || (changes.full && !e && inWindow)) {
      await tx
        .delete(planBlocks)
        .where(
          and(
            eq(planBlocks.id, r.blockId),
            eq(planBlocks.userId, conn.userId),
            inArray(planBlocks.state, ["accepted", "pinned"]),
          ),
        );
      await tx.delete(planBlockEvents).where(eq(planBlockEvents.blockId, r.blockId));
      out.released.push(r.blockId);
      continue;
    }
    if (!e?.end || e.allDay || e.end <= e.start) continue;
    if (e.start.getTime() === r.startTime.getTime() && e.end.getTime() === r.endTime.getTime()) continue;
    await tx
      .update(planBlocks)
      .set({
        state: "pinned",
        startTime: e.start,
        endTime: e.end,
        previousId: null,
        reasons: [{ code: "pinned" }],
      })
      .where(
        and(
          eq(planBlocks.id, r.blockId),
          eq(planBlocks.userId, conn.userId),
          inArray(planBlocks.state, ["accepted", "pinned"]),
        ),
      );
    await tx
      .update(planBlockEvents)
      .set({ startTime: e.start, endTime: e.end, updatedAt: startedAt })
      .where(eq(planBlockEvents.blockId, r.blockId));
    out.pinned.push(r.blockId);
  }
  return out;
}
