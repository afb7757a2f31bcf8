// The built-in Productivity Analysis: plain sentences written from the computed figures, the same
// figures in, the same text out.
import type { InsightsInput } from "./ai-provider.ts";

const pct = (rate: number) => `${Math.round(rate * 100)}%`;
const one = (v: number) => (Math.round(v * 10) / 10).toLocaleString("en-US");
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

export function builtinInsightsText(input: InsightsInput): string {
  const m = input.metrics;
  if (m.totalTasks === 0 && m.totalHours === 0 && m.focusSessions === 0) {
    return "There is not much to analyse yet. Add your tasks, track time with the task timer and finish a few Pomodoro sessions, and Kairo will describe your work patterns here.";
  }
  const parts: string[] = [];
  parts.push(
    `Over the last ${input.rangeDays} days you completed ${pct(m.completionRate)} of the tasks on your plate (${m.completedTasks} of ${m.totalTasks}) and tracked ${one(m.totalHours)} hours across ${m.focusSessions} focus ${m.focusSessions === 1 ? "session" : "sessions"}.`,
  );
  const p = input.patterns;
  if (p.peakHours) {
    const days = p.bestDays.length ? `, especially on ${list(p.bestDays)}` : "";
    parts.push(`You get the most done around ${p.peakHours}${days}.`);
  }
  if (m.workHoursPerDay > 0) {
    const weekend =
      m.weekendWork > 0 ? ` and worked ${m.weekendWork} weekend ${m.weekendWork === 1 ? "day" : "days"}` : "";
    parts.push(`On a day you work you track ${one(m.workHoursPerDay)} hours${weekend}.`);
  }
  if (input.predictions.source === "forecast") {
    const where = pct(input.predictions.nextMonthCompletionRate);
    const trend =
      input.predictions.trend === "improving"
        ? `is on course to rise to about ${where}`
        : input.predictions.trend === "declining"
          ? `is heading down to about ${where}`
          : `should hold at about ${where}`;
    parts.push(`Your completion rate ${trend} next month.`);
  }
  if (input.burnout.level === "high" || input.burnout.level === "critical") {
    parts.push(
      `Your workload strain is ${input.burnout.level}: ${list(input.burnout.factors.slice(0, 2))}. Ease off where you can.`,
    );
  } else if (m.afterHoursWork > 4) {
    parts.push(`You logged ${one(m.afterHoursWork)} hours before 8 AM or after 6 PM; keep an eye on it.`);
  }
  return parts.join(" ");
}
