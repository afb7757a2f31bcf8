// The smart meeting scheduler: the best start times for a meeting of the chosen people (or one
// person alone), each inside everyone's working hours, off everyone's lunch and busy time, ranked by
// the least overlap with anyone's focus hours and then by how soon, spread over the days.

import { DateTime } from "luxon";
import { PLANNER_LIMITS } from "./defaults.ts";
import { refuse } from "./refusals.ts";
import type { BusyInterval, Instant, Refusal, WorkingPreferences } from "./types.ts";
import { validatePreferences } from "./validate-input.ts";
import { MINUTE_MS, mergeSpans, overlapMinutes, planDays, type Span, subtractSpans } from "./working-time.ts";

export type MeetingPerson = {
  id: string;
  name: string;
  preferences: WorkingPreferences;
  busy: readonly BusyInterval[];
};

export type MeetingRequest = {
  now: Instant;
  durationMinutes: number;
  people: readonly MeetingPerson[];
  /** Days ahead to search; 14 unless given. */
  windowDays?: number;
  /** How many times to propose; 5 unless given. */
  count?: number;
};

export type MeetingReason =
  | { code: "insideWorkingHours"; params: { people: number } }
  | { code: "noLunch" }
  | { code: "noFocusOverlap" }
  | { code: "focusOverlap"; params: { minutes: number; people: string } };

export type MeetingProposal = {
  start: Instant;
  end: Instant;
  /** Minutes of the meeting inside someone's focus hours, summed over people. */
  focusOverlapMinutes: number;
  reasons: MeetingReason[];
};

export const MEETING_DEFAULTS = { windowDays: 14, count: 5, stepMinutes: 15, maxPerDayFirstPass: 1 } as const;

function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]!.start, b[j]!.start);
    const e = Math.min(a[i]!.end, b[j]!.end);
    if (e > s) out.push({ start: s, end: e });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return out;
}

type PersonTime = { person: MeetingPerson; open: Span[]; focus: Span[] };

function personTime(p: MeetingPerson, from: number, to: number, days: number): PersonTime {
  const zone = p.preferences.timeZone;
  const startDate = DateTime.fromMillis(from * MINUTE_MS, { zone })
    .minus({ days: 1 })
    .toISODate()!;
  const pd = planDays(p.preferences, { startDate, days: days + 2 });
  const working = mergeSpans(pd.flatMap((d) => d.working));
  const closed = mergeSpans([
    ...pd.flatMap((d) => (d.lunch ? [d.lunch] : [])),
    ...p.busy.map((b) => ({ start: Math.floor(b.start / MINUTE_MS), end: Math.ceil(b.end / MINUTE_MS) })),
    { start: Number.NEGATIVE_INFINITY, end: from },
    { start: to, end: Number.POSITIVE_INFINITY },
  ]);
  return {
    person: p,
    open: subtractSpans(working, closed),
    focus: mergeSpans(pd.flatMap((d) => d.focus)),
  };
}

export function findMeetingTimes(req: MeetingRequest): MeetingProposal[] | Refusal {
  const n = req.people.length;
  if (n >= PLANNER_LIMITS.maxMeetingPeople)
    return refuse("tooManyPeople", { people: n, max: PLANNER_LIMITS.maxMeetingPeople - 1 });
  if (n === 0) return refuse("invalidMeeting", { detail: "Choose at least one person for the meeting." });
  const d = req.durationMinutes;
  if (!Number.isInteger(d) || d < 5 || d > PLANNER_LIMITS.maxBlockMinutes)
    return refuse("invalidMeeting", { detail: "A meeting lasts 5 minutes to 8 hours, in whole minutes." });
  const windowDays = req.windowDays ?? MEETING_DEFAULTS.windowDays;
  if (!Number.isInteger(windowDays) || windowDays < 1) return refuse("emptyWindow");
  for (const p of req.people) {
    const bad = validatePreferences(p.preferences);
    if (bad) return { ...bad, message: `${p.name}: ${bad.message}` };
  }
  const step = MEETING_DEFAULTS.stepMinutes;
  const from = Math.ceil(req.now / MINUTE_MS / step) * step;
  const to = from + windowDays * 1440;
  const times = req.people.map((p) => personTime(p, from, to, windowDays));
  let common = times[0]!.open;
  for (const t of times.slice(1)) common = intersect(common, t.open);

  const candidates: { start: number; focus: number; who: string[] }[] = [];
  for (const s of common) {
    for (let start = Math.ceil(s.start / step) * step; start + d <= s.end; start += step) {
      const span = { start, end: start + d };
      let focus = 0;
      const who: string[] = [];
      for (const t of times) {
        const m = t.focus.reduce((sum, f) => sum + overlapMinutes(f, span), 0);
        if (m > 0) who.push(t.person.name);
        focus += m;
      }
      candidates.push({ start, focus, who });
    }
  }
  if (!candidates.length) return refuse("noCommonTime", { minutes: d, days: windowDays });
  candidates.sort((a, b) => a.focus - b.focus || a.start - b.start);

  const count = req.count ?? MEETING_DEFAULTS.count;
  const zone = req.people[0]!.preferences.timeZone;
  const dayOf = (m: number) => DateTime.fromMillis(m * MINUTE_MS, { zone }).toISODate()!;
  const picked: typeof candidates = [];
  const perDay = new Map<string, number>();
  // First one per day so the choices spread over the fortnight, then the next best anywhere.
  for (const limit of [MEETING_DEFAULTS.maxPerDayFirstPass, Number.POSITIVE_INFINITY]) {
    for (const c of candidates) {
      if (picked.length >= count) break;
      if (picked.includes(c)) continue;
      if (picked.some((p) => p.start < c.start + d && c.start < p.start + d)) continue;
      const day = dayOf(c.start);
      if ((perDay.get(day) ?? 0) >= limit) continue;
      picked.push(c);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
  }
  return picked
    .sort((a, b) => a.focus - b.focus || a.start - b.start)
    .map((c) => ({
      start: c.start * MINUTE_MS,
      end: (c.start + d) * MINUTE_MS,
      focusOverlapMinutes: c.focus,
      reasons: [
        { code: "insideWorkingHours", params: { people: n } },
        { code: "noLunch" },
        c.focus === 0
          ? { code: "noFocusOverlap" }
          : { code: "focusOverlap", params: { minutes: c.focus, people: c.who.join(", ") } },
      ],
    }));
}

export function describeMeetingReason(r: MeetingReason): string {
  switch (r.code) {
    case "insideWorkingHours":
      return r.params.people === 1 ? "inside your working hours" : "inside everyone's working hours";
    case "noLunch":
      return "during no one's lunch";
    case "noFocusOverlap":
      return "outside everyone's focus hours";
    case "focusOverlap":
      return `overlaps focus hours by ${r.params.minutes} minutes (${r.params.people})`;
  }
}
