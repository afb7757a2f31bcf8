// Workload strain for the Burnout Risk Alert. Behaviour cannot diagnose burnout (the Maslach Burnout
// Inventory is a questionnaire), so this scores strain from tracked time: named factors, each judged
// against a fixed line and, for hours, against the person's own trailing 8 weeks. Weights and lines
// are explained in docs/decisions/041-burnout-strain-score.md.

/** One local day of tracked work, as the server reads it from time logs and Pomodoro sessions. */
export type WorkDay = {
  /** Local "YYYY-MM-DD". */
  date: string;
  /** 0 Sunday .. 6 Saturday, in the person's time zone. */
  weekday: number;
  minutes: number;
  /** Minutes started before 8 AM or from 6 PM local, on any day. */
  afterHoursMinutes: number;
  /** Work blocks: closed time logs and completed focus sessions. */
  sessions: number;
  /** Pauses of 5 to 60 minutes between two blocks of the same day. */
  breaks: number;
  /** Minutes in blocks of 25 minutes or more (uninterrupted focus). */
  focusMinutes: number;
};

export const BURNOUT_LEVELS = ["low", "medium", "high", "critical"] as const;
export type BurnoutLevel = (typeof BURNOUT_LEVELS)[number];

export type BurnoutFactorId =
  | "longDays"
  | "overtimeDays"
  | "weekends"
  | "afterHours"
  | "fewBreaks"
  | "lowFocus"
  | "aboveOwnBaseline";

/** Weights of the factors in the 0-100 score; they add up to 1. */
export const BURNOUT_WEIGHTS: Record<BurnoutFactorId, number> = {
  longDays: 0.2,
  overtimeDays: 0.15,
  weekends: 0.15,
  afterHours: 0.15,
  aboveOwnBaseline: 0.15,
  fewBreaks: 0.1,
  lowFocus: 0.1,
};

/** The fixed lines each factor is judged against. */
export const BURNOUT_LINES = {
  /** Hours per worked day above which long days count, and the hours at which they count fully. */
  dayHours: 8,
  dayHoursFull: 11,
  /** A day over this many hours is an overtime day. */
  overtimeDayHours: 9,
  /** After-hours work per week that counts (Viva Insights: more than 1 hour), and where it counts fully. */
  afterHoursPerWeek: 1,
  afterHoursPerWeekFull: 5,
  /** Focus time per week below which a busy week counts as fragmented (Viva Insights: 10 hours). */
  focusHoursPerWeek: 10,
  /** Weekly tracked hours from which low focus time counts at all. */
  busyWeekHours: 20,
  /** Fewer breaks per session than this counts. */
  breaksPerSession: 0.5,
  /** Recent hours per day over the person's own trailing average by this ratio count, fully at the second. */
  baselineRatio: 1.1,
  baselineRatioFull: 1.5,
} as const;

export const RECENT_DAYS = 14;
export const BASELINE_DAYS = 56;

/** Shown under the alert, in one line. */
export const STRAIN_NOTE =
  "This measures workload strain from your tracked time; it is not a diagnosis of burnout.";

/** Stored with an acknowledged alert (spec section 7, burnout_alerts insert). */
export const BURNOUT_ACK_RECOMMENDATIONS = [
  "Take a 15-minute break every 2 hours",
  "Schedule time for non-work activities",
  "Delegate or postpone low-priority tasks",
  "Practice 10 minutes of mindfulness daily",
] as const;

export type BurnoutFactor = { id: BurnoutFactorId; severity: number; text: string };
export type BurnoutAssessment = { score: number; level: BurnoutLevel; factors: BurnoutFactor[] };

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
const one = (v: number) => (Math.round(v * 10) / 10).toLocaleString("en-US");

export function burnoutLevel(score: number): BurnoutLevel {
  if (score >= 75) return "critical";
  if (score >= 55) return "high";
  if (score >= 30) return "medium";
  return "low";
}

export const levelRank = (level: BurnoutLevel) => BURNOUT_LEVELS.indexOf(level);

/** The alert shows at high or critical only. */
export const alertShows = (level: BurnoutLevel) => levelRank(level) >= levelRank("high");

/**
 * Scores the last `RECENT_DAYS` of `days` (oldest first, one entry per calendar day, the last one
 * today) against the fixed lines and the `BASELINE_DAYS` before them.
 */
export function assessBurnout(days: readonly WorkDay[]): BurnoutAssessment {
  const recent = days.slice(-RECENT_DAYS);
  const baseline = days.slice(-(RECENT_DAYS + BASELINE_DAYS), -RECENT_DAYS);
  const weeks = RECENT_DAYS / 7;
  const worked = recent.filter((d) => d.minutes > 0);
  const recentMinutes = recent.reduce((s, d) => s + d.minutes, 0);
  const factors: BurnoutFactor[] = [];
  const add = (id: BurnoutFactorId, severity: number, text: string) => {
    const s = clamp01(severity);
    if (s > 0) factors.push({ id, severity: Math.round(s * 100) / 100, text });
  };
  const L = BURNOUT_LINES;

  const hoursPerDay = worked.length ? recentMinutes / worked.length / 60 : 0;
  add(
    "longDays",
    (hoursPerDay - L.dayHours) / (L.dayHoursFull - L.dayHours),
    `${one(hoursPerDay)} hours a day over the last ${RECENT_DAYS} days`,
  );

  const overtime = recent.filter((d) => d.minutes > L.overtimeDayHours * 60).length;
  add(
    "overtimeDays",
    overtime / 6,
    `${overtime} ${overtime === 1 ? "day" : "days"} over ${L.overtimeDayHours} hours in the last ${RECENT_DAYS} days`,
  );

  // The last four weekends: each Saturday with its Sunday, counted when either has work.
  const weekendDays = days.filter((d) => d.weekday === 0 || d.weekday === 6).slice(-8);
  const weekendKeys = new Set<string>();
  for (const d of weekendDays) {
    if (d.minutes <= 0) continue;
    const idx = days.indexOf(d);
    const saturday = d.weekday === 6 ? d.date : (days[idx - 1]?.date ?? d.date);
    weekendKeys.add(saturday);
  }
  const weekendsWorked = weekendKeys.size;
  add("weekends", (weekendsWorked - 1) / 3, `worked ${weekendsWorked} of the last 4 weekends`);

  const afterPerWeek = recent.reduce((s, d) => s + d.afterHoursMinutes, 0) / 60 / weeks;
  if (afterPerWeek > L.afterHoursPerWeek)
    add(
      "afterHours",
      (afterPerWeek - L.afterHoursPerWeek) / (L.afterHoursPerWeekFull - L.afterHoursPerWeek),
      `${one(afterPerWeek)} hours a week of work before 8 AM or after 6 PM`,
    );

  const sessions = recent.reduce((s, d) => s + d.sessions, 0);
  const breaks = recent.reduce((s, d) => s + d.breaks, 0);
  if (sessions >= 8) {
    const ratio = breaks / sessions;
    const text =
      breaks === 0
        ? `no breaks in ${sessions} focus sessions`
        : `one break per ${Math.round(sessions / breaks)} focus sessions`;
    add("fewBreaks", (L.breaksPerSession - ratio) / L.breaksPerSession, text);
  }

  const hoursPerWeek = recentMinutes / 60 / weeks;
  const focusPerWeek = recent.reduce((s, d) => s + d.focusMinutes, 0) / 60 / weeks;
  if (hoursPerWeek >= L.busyWeekHours && focusPerWeek < L.focusHoursPerWeek)
    add(
      "lowFocus",
      (L.focusHoursPerWeek - focusPerWeek) / L.focusHoursPerWeek,
      `${one(focusPerWeek)} hours a week of focus time, under ${L.focusHoursPerWeek}`,
    );

  const baselineWorked = baseline.filter((d) => d.minutes > 0).length;
  if (baselineWorked >= 10 && baseline.length > 0) {
    const baseDaily = baseline.reduce((s, d) => s + d.minutes, 0) / baseline.length;
    const recentDaily = recentMinutes / Math.max(1, recent.length);
    if (baseDaily > 0) {
      const ratio = recentDaily / baseDaily;
      add(
        "aboveOwnBaseline",
        (ratio - L.baselineRatio) / (L.baselineRatioFull - L.baselineRatio),
        // Past double, a percentage stops reading as a number a person can picture.
        ratio < 2
          ? `${Math.round((ratio - 1) * 100)}% more hours a day than your previous 8 weeks`
          : `${one(ratio)} times the hours a day of your previous 8 weeks`,
      );
    }
  }

  const score = Math.round(factors.reduce((s, f) => s + BURNOUT_WEIGHTS[f.id] * f.severity, 0) * 100);
  factors.sort((a, b) => BURNOUT_WEIGHTS[b.id] * b.severity - BURNOUT_WEIGHTS[a.id] * a.severity);
  return { score: Math.min(100, score), level: burnoutLevel(score), factors };
}

/** The alert's colour per level (spec: critical red, high orange, medium yellow, otherwise green). */
export const BURNOUT_COLOURS: Record<BurnoutLevel, "red" | "orange" | "yellow" | "green"> = {
  critical: "red",
  high: "orange",
  medium: "yellow",
  low: "green",
};
