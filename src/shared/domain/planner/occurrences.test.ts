import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_PREFERENCES } from "./defaults.ts";
import { occurrenceKey, occurrenceTasks, parsePlanKey, type RepeatingTask } from "./occurrences.ts";
import { planWork } from "./plan-work.ts";
import { describeBlock } from "./reason-wording.ts";

const ZONE = "Europe/Berlin";
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();

// Every Monday at 16:00, the open occurrence on Monday 1 June 2026; the horizon is the two weeks
// from Monday 1 June.
const weekly: RepeatingTask = {
  taskId: "report",
  title: "Weekly report",
  priority: "high",
  recurrence: {
    rrule: "FREQ=WEEKLY;BYDAY=MO",
    start: "2026-06-01T16:00",
    timeZone: ZONE,
    afterCompletion: false,
  },
  openDue: at("2026-06-01T16:00"),
  openDeadline: at("2026-06-01T16:00"),
  openEstimateMinutes: 30,
  estimateMinutes: 60,
};
const horizon = { start: at("2026-06-01T00:00"), end: at("2026-06-15T00:00") };

describe("occurrences of a repeating task in a plan", () => {
  it("the open occurrence and each later rule date in the horizon, each with its own deadline", () => {
    const units = occurrenceTasks(weekly, horizon);
    expect(units.map((u) => u.id)).toEqual([
      occurrenceKey("report", at("2026-06-01T16:00")),
      occurrenceKey("report", at("2026-06-08T16:00")),
    ]);
    expect(units.map((u) => [u.deadline, u.estimateMinutes, u.notBefore])).toEqual([
      [at("2026-06-01T16:00"), 30, null],
      [at("2026-06-08T16:00"), 60, at("2026-06-01T16:00")],
    ]);
    expect(parsePlanKey(units[1]!.id)).toEqual({ taskId: "report", occurrenceDue: at("2026-06-08T16:00") });
    expect(parsePlanKey("plain")).toEqual({ taskId: "plain", occurrenceDue: null });
  });

  it("skipped dates and a series that repeats after completion add nothing", () => {
    expect(occurrenceTasks({ ...weekly, skipped: [at("2026-06-08T16:00")] }, horizon)).toHaveLength(1);
    const after = { ...weekly, recurrence: { ...weekly.recurrence, afterCompletion: true } };
    expect(occurrenceTasks(after, horizon)).toHaveLength(1);
  });

  it("Plan my two weeks gives each occurrence its own block, explained", () => {
    const plan = planWork({
      now: at("2026-06-01T08:00"),
      horizon: { startDate: "2026-06-01", days: 14 },
      tasks: occurrenceTasks(weekly, horizon),
      busy: [],
      preferences: { ...DEFAULT_WORKING_PREFERENCES, timeZone: ZONE },
    });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.unplaced).toEqual([]);
    const second = plan.blocks.filter((b) => b.taskId === occurrenceKey("report", at("2026-06-08T16:00")));
    expect(second).toHaveLength(1);
    expect(second[0]!.start).toBeGreaterThanOrEqual(at("2026-06-01T16:00"));
    expect(second[0]!.end).toBeLessThanOrEqual(at("2026-06-08T16:00"));
    const text = describeBlock(second[0]!, { zone: ZONE, title: () => "Weekly report" });
    expect(text).toContain("repeats every Monday at 16:00; this is the 8 June occurrence");
  });
});
