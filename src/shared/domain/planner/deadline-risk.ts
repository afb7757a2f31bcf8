// Which deadlines are at risk, for the "Deadline at risk" badge (decision 273): only a task that
// cannot be done before its deadline in the person's working time, with the other work due by then,
// or one whose deadline has passed. Not how one plan happens to order the week: a plan fills the
// first free hours with whatever it likes, which left "little free time" before nearly every
// deadline of a new account.
//
// The test follows earliest deadline first: tasks are taken in deadline order, each after the work
// due before it. A task is at risk when that earlier work (as much of it as fits before its own
// deadline: a deadline that cannot be met does not take the time of every later one) plus its own
// minutes exceed the working time between now and its deadline (working hours minus lunch and busy
// time, at most the daily cap a day).

import { DEFAULT_WORKING_PREFERENCES, PLANNER_DEFAULTS } from "./defaults.ts";
import type { AtRisk, PlannerInput, Suggestion, WorkingPreferences } from "./types.ts";
import { MINUTE_MS, mergeSpans, planDays, type Span, subtractSpans } from "./working-time.ts";

/**
 * Preferences for a person who never saved their working hours: the default day (9:00-17:00, lunch,
 * the daily cap) on every day of the week, since Kairo does not know which days they work. A
 * weekend deadline is then not "at risk" only because the defaults assume Monday to Friday.
 */
export function everyDayPreferences(prefs: WorkingPreferences): WorkingPreferences {
  const day = DEFAULT_WORKING_PREFERENCES.workingHours[1] ?? [];
  return {
    ...prefs,
    workingHours: { 0: day, 1: day, 2: day, 3: day, 4: day, 5: day, 6: day },
  };
}

/**
 * The deadlines at risk as the badge shows them: overdue, or more work due by the deadline than
 * working time before it (`missingMinutes` short). Tasks due after the horizon are not judged.
 * `suggestions`: the plan's smallest change to meet a deadline, by task, where it has one.
 */
export function deadlinesAtRisk(
  input: PlannerInput,
  suggestions: ReadonlyMap<string, Suggestion | null | undefined> = new Map(),
): AtRisk[] {
  const prefs = input.preferences;
  const nowMin = Math.ceil(input.now / MINUTE_MS);
  const days = planDays(prefs, input.horizon);
  const horizonEnd = days.length ? days[days.length - 1]!.end : nowMin;
  const busy = mergeSpans(
    input.busy
      .filter((b) => b.end > b.start)
      .map((b) => ({ start: Math.floor(b.start / MINUTE_MS), end: Math.ceil(b.end / MINUTE_MS) })),
  );
  const free = days.map((d) => ({
    spans: subtractSpans(d.working, mergeSpans([...(d.lunch ? [d.lunch] : []), ...busy])),
    cap: prefs.dailyCapMinutes,
  }));
  /** Working minutes between now and `until` (minutes since the epoch). */
  const capacityBefore = (until: number) => {
    let total = 0;
    for (const d of free) {
      let minutes = 0;
      for (const s of d.spans as Span[])
        minutes += Math.max(0, Math.min(s.end, until) - Math.max(s.start, nowMin));
      total += Math.min(minutes, d.cap);
    }
    return total;
  };

  const out: AtRisk[] = [];
  const due: { id: string; deadline: number; minutes: number }[] = [];
  for (const t of input.tasks) {
    if (t.deadline === null) continue;
    if (Math.floor(t.deadline / MINUTE_MS) <= nowMin) {
      out.push({
        taskId: t.id,
        deadline: t.deadline,
        reason: { code: "overdue", params: { deadline: t.deadline } },
      });
      continue;
    }
    if (t.deadline / MINUTE_MS > horizonEnd) continue;
    due.push({
      id: t.id,
      deadline: t.deadline,
      // The person's own estimate: not the pessimistic upper end the planner plans near a deadline.
      minutes: t.estimateMinutes ?? PLANNER_DEFAULTS.noEstimateMinutes,
    });
  }
  due.sort((a, b) => a.deadline - b.deadline);
  // Working minutes taken by the tasks already judged, before their own deadlines.
  let used = 0;
  for (let i = 0; i < due.length; ) {
    // Tasks due at the same moment are judged together: none of them can be said to go first.
    let j = i;
    let work = used;
    while (j < due.length && due[j]!.deadline === due[i]!.deadline) work += due[j++]!.minutes;
    const capacity = capacityBefore(Math.floor(due[i]!.deadline / MINUTE_MS));
    const short = work - capacity;
    used = Math.min(work, capacity);
    if (short > 0)
      for (const t of due.slice(i, j))
        out.push({
          taskId: t.id,
          deadline: t.deadline,
          reason: { code: "cannotFit", params: { deadline: t.deadline, missingMinutes: short } },
          suggestion: suggestions.get(t.id) ?? null,
        });
    i = j;
  }
  return out;
}
