import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_PREFERENCES } from "./defaults.ts";
import {
  describeMeetingReason,
  findMeetingTimes,
  type MeetingPerson,
  type MeetingProposal,
} from "./meeting-times.ts";

const person = (name: string, timeZone: string, extra: Partial<MeetingPerson> = {}): MeetingPerson => ({
  id: name.toLowerCase(),
  name,
  preferences: { ...DEFAULT_WORKING_PREFERENCES, timeZone },
  busy: [],
  ...extra,
});
// Monday 9 March 2026, 07:00 UTC.
const now = Date.UTC(2026, 2, 9, 7);
const proposals = (r: ReturnType<typeof findMeetingTimes>): MeetingProposal[] => {
  if (!Array.isArray(r)) throw new Error(r.message);
  return r;
};
const hour = (ms: number, zone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    weekday: "short",
  }).format(ms);

describe("findMeetingTimes", () => {
  it("proposes five times inside everyone's working hours, off lunch and focus, spread over days", () => {
    const r = proposals(
      findMeetingTimes({
        now,
        durationMinutes: 60,
        people: [person("Ana", "Europe/Berlin"), person("Ben", "Europe/London")],
      }),
    );
    expect(r).toHaveLength(5);
    for (const p of r) {
      // Berlin 9-17 and London 9-17 overlap 10:00-17:00 Berlin; Berlin lunch 12-13, London lunch 13-14 Berlin.
      const start = hour(p.start, "Europe/Berlin").slice(-5);
      expect(start >= "11:00" && start <= "16:00").toBe(true);
      expect(p.focusOverlapMinutes).toBe(0);
      expect(p.reasons.map((x) => describeMeetingReason(x))).toEqual([
        "inside everyone's working hours",
        "during no one's lunch",
        "outside everyone's focus hours",
      ]);
    }
    expect(new Set(r.map((p) => hour(p.start, "Europe/Berlin").slice(0, 3))).size).toBe(5);
  });

  it("avoids busy time and ranks the least focus overlap first", () => {
    const ana = person("Ana", "UTC", {
      preferences: {
        ...DEFAULT_WORKING_PREFERENCES,
        timeZone: "UTC",
        workingHours: { 1: [{ start: "09:00", end: "12:00" }] },
        focusHours: [{ start: "09:00", end: "10:00" }],
      },
      busy: [{ start: Date.UTC(2026, 2, 9, 11), end: Date.UTC(2026, 2, 9, 12) }],
    });
    const r = proposals(findMeetingTimes({ now, durationMinutes: 60, people: [ana], windowDays: 1 }));
    // 9:00-11:00 is free and focus is 9-10: 10:00 overlaps nothing, then 9:00 is the only hour left.
    expect(r.map((p) => hour(p.start, "UTC").slice(-5))).toEqual(["10:00", "09:00"]);
    expect(r.map((p) => p.focusOverlapMinutes)).toEqual([0, 60]);
    expect(describeMeetingReason(r[1]!.reasons[2]!)).toBe("overlaps focus hours by 60 minutes (Ana)");
    expect(describeMeetingReason(r[0]!.reasons[0]!)).toBe("inside your working hours");
  });

  it.each<[string, Parameters<typeof findMeetingTimes>[0], string]>([
    [
      "50 people",
      { now, durationMinutes: 30, people: Array.from({ length: 50 }, (_, i) => person(`P${i}`, "UTC")) },
      "tooManyPeople",
    ],
    ["nobody", { now, durationMinutes: 30, people: [] }, "invalidMeeting"],
    [
      "an empty window",
      { now, durationMinutes: 30, people: [person("Ana", "UTC")], windowDays: 0 },
      "emptyWindow",
    ],
    ["a zero-minute meeting", { now, durationMinutes: 0, people: [person("Ana", "UTC")] }, "invalidMeeting"],
    [
      "no common working time",
      {
        now,
        durationMinutes: 60,
        // Tokyo 9-17 is 0:00-8:00 UTC, New York 9-17 (EDT) 13:00-21:00 UTC.
        people: [person("Ana", "Asia/Tokyo"), person("Ben", "America/New_York")],
      },
      "noCommonTime",
    ],
  ])("refuses %s with a clear message", (_, req, code) => {
    const r = findMeetingTimes(req);
    expect(Array.isArray(r) ? null : r.code).toBe(code);
    if (!Array.isArray(r)) expect(r.message).toMatch(/\w+ .*\w+/);
  });
});
