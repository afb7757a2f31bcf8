import { describe, expect, it } from "vitest";
import {
  alertShows,
  assessBurnout,
  BURNOUT_WEIGHTS,
  burnoutLevel,
  RECENT_DAYS,
  type WorkDay,
} from "./burnout.ts";

/** Days ending on Sunday 2026-11-22 (index 0 is the oldest), built from a function of the offset. */
function days(count: number, make: (daysAgo: number, weekday: number) => Partial<WorkDay>): WorkDay[] {
  const end = Date.UTC(2026, 10, 22);
  return Array.from({ length: count }, (_, i) => {
    const daysAgo = count - 1 - i;
    const d = new Date(end - daysAgo * 86_400_000);
    const weekday = d.getUTCDay();
    return {
      date: d.toISOString().slice(0, 10),
      weekday,
      minutes: 0,
      afterHoursMinutes: 0,
      sessions: 0,
      breaks: 0,
      focusMinutes: 0,
      ...make(daysAgo, weekday),
    };
  });
}

const weekday = (w: number) => w >= 1 && w <= 5;

describe("assessBurnout", () => {
  it("scores nothing for a calm 7-hour weekday rhythm with breaks", () => {
    const calm = days(70, (_, w) =>
      weekday(w) ? { minutes: 420, sessions: 8, breaks: 6, focusMinutes: 360 } : {},
    );
    expect(assessBurnout(calm)).toEqual({ score: 0, level: "low", factors: [] });
  });

  it("names each strained factor with its number in words", () => {
    // Baseline weeks: 7 h weekdays. The last 14 days: 10.4 h every day, 2 h of it after hours,
    // 12 sessions and 3 breaks a day, little focus.
    const heavy = days(70, (ago, w) =>
      ago < RECENT_DAYS
        ? { minutes: 624, afterHoursMinutes: 120, sessions: 12, breaks: 3, focusMinutes: 60 }
        : weekday(w)
          ? { minutes: 420, sessions: 8, breaks: 6, focusMinutes: 360 }
          : {},
    );
    const a = assessBurnout(heavy);
    const texts = a.factors.map((f) => f.text);
    expect(texts).toContain("10.4 hours a day over the last 14 days");
    expect(texts).toContain("14 days over 9 hours in the last 14 days");
    expect(texts).toContain("worked 2 of the last 4 weekends");
    expect(texts).toContain("14 hours a week of work before 8 AM or after 6 PM");
    expect(texts).toContain("one break per 4 focus sessions");
    expect(texts).toContain("7 hours a week of focus time, under 10");
    // 624 min a day against 300 (420 * 5 / 7) on average before: 2.08 times.
    expect(texts).toContain("2.1 times the hours a day of your previous 8 weeks");
    // By hand: longDays .8*.2 + overtime 1*.15 + weekends (1/3)*.15 + afterHours 1*.15
    //   + fewBreaks .5*.1 + lowFocus .3*.1 + baseline 1*.15 = .16+.15+.05+.15+.05+.03+.15 = .74
    expect(a.score).toBe(74);
    expect(a.level).toBe("high");
    expect(alertShows(a.level)).toBe(true);
  });

  it("says a rise on the person's own baseline in percent up to double, then in times", () => {
    const rise = (recentMinutes: number) =>
      assessBurnout(
        days(70, (ago, w) =>
          ago < RECENT_DAYS ? { minutes: recentMinutes } : weekday(w) ? { minutes: 420 } : {},
        ),
      ).factors.find((f) => f.id === "aboveOwnBaseline")?.text;
    // 300 minutes a day on average before (420 on weekdays).
    expect(rise(450)).toBe("50% more hours a day than your previous 8 weeks");
    expect(rise(900)).toBe("3 times the hours a day of your previous 8 weeks");
  });

  it("reads weekends from the last four Saturday-Sunday pairs", () => {
    const weekends = days(28, (ago, w) => (w === 0 && ago < 21 ? { minutes: 120 } : {}));
    expect(assessBurnout(weekends).factors.find((f) => f.id === "weekends")?.text).toBe(
      "worked 3 of the last 4 weekends",
    );
  });

  it("does not judge breaks or the baseline on too little data", () => {
    const few = days(14, (ago) => ({ minutes: 300, sessions: ago < 3 ? 2 : 0, breaks: 0 }));
    const ids = assessBurnout(few).factors.map((f) => f.id);
    expect(ids).not.toContain("fewBreaks");
    expect(ids).not.toContain("aboveOwnBaseline");
  });

  it("weights add up to one, so the score tops out at 100", () => {
    expect(Object.values(BURNOUT_WEIGHTS).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 10);
  });
});

describe("burnoutLevel", () => {
  it.each([
    [0, "low"],
    [29, "low"],
    [30, "medium"],
    [54, "medium"],
    [55, "high"],
    [74, "high"],
    [75, "critical"],
    [100, "critical"],
  ] as const)("%i is %s", (score, level) => {
    expect(burnoutLevel(score)).toBe(level);
  });

  it("shows the alert only at high or critical", () => {
    expect(alertShows("medium")).toBe(false);
    expect(alertShows("critical")).toBe(true);
  });
});
