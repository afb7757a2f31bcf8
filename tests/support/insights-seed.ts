// A person's work history for the AI Insights tests, written straight into the database (the timer
// API would take minutes for ten weeks of it). Weekdays before the last 14 days are calm: two tasks
// created at 08:00, tracked 09:00-11:00 and 14:00-15:30, a focus session at 16:00. The last 14 days,
// weekends included, are heavy: 07:00-09:30, 09:40-12:40, 13:00-16:00, 16:10-18:10 and 19:00-20:00
// (11.5 hours, 3.5 of them before 8 AM or after 6 PM). A task is completed at 10:30 on each working
// day; the second task of every third day stays open. All times UTC.
import type { Db } from "#server/db/client.ts";
import { pomodoroSessions, tasks, timeLogs } from "#server/db/schema/tasks.ts";

const DAY = 86_400_000;
const at = (day: number, hh: number, mm = 0) => new Date(day + (hh * 60 + mm) * 60_000);

export type SeededHistory = {
  tasks: { createdAt: Date; completedAt: Date | null }[];
};

/** `today` is the UTC midnight of the scenario's last day; `days` days are written, ending with it. */
export async function seedWorkHistory(
  db: Db,
  userId: string,
  today: Date,
  days = 84,
): Promise<SeededHistory> {
  const taskRows: (typeof tasks.$inferInsert)[] = [];
  const logs: { taskIndex: number; start: Date; minutes: number }[] = [];
  const focus: (typeof pomodoroSessions.$inferInsert)[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = today.getTime() - i * DAY;
    const weekday = new Date(day).getUTCDay();
    const heavy = i < 14;
    if (!heavy && (weekday === 0 || weekday === 6)) continue;
    const n = days - 1 - i;
    const first = taskRows.length;
    for (const k of [0, 1]) {
      const done = k === 0 || n % 3 !== 0;
      taskRows.push({
        userId,
        title: `Seeded task ${n}-${k}`,
        category: k === 0 ? "Development" : "Admin",
        estimatedMinutes: 60,
        actualMinutes: done ? 45 : 0,
        completed: done,
        completedAt: done ? at(day, 10, 30) : null,
        status: done ? "completed" : "todo",
        createdAt: at(day, 8),
        updatedAt: at(day, 10, 30),
      });
    }
    const blocks: [number, number, number][] = heavy
      ? [
          [7, 0, 150],
          [9, 40, 180],
          [13, 0, 180],
          [16, 10, 120],
          [19, 0, 60],
        ]
      : [
          [9, 0, 120],
          [14, 0, 90],
        ];
    blocks.forEach(([hh, mm, minutes], b) => {
      logs.push({ taskIndex: first + (b % 2), start: at(day, hh, mm), minutes });
    });
    if (!heavy)
      focus.push({
        userId,
        startTime: at(day, 16),
        endTime: at(day, 16, 25),
        durationMinutes: 25,
        breakDurationMinutes: 5,
        completed: true,
      });
  }
  const inserted = await db.insert(tasks).values(taskRows).returning({ id: tasks.id });
  await db.insert(timeLogs).values(
    logs.map((l) => ({
      taskId: inserted[l.taskIndex]!.id,
      userId,
      startTime: l.start,
      endTime: new Date(l.start.getTime() + l.minutes * 60_000),
      durationMinutes: l.minutes,
    })),
  );
  if (focus.length) await db.insert(pomodoroSessions).values(focus);
  return {
    tasks: taskRows.map((t) => ({ createdAt: t.createdAt as Date, completedAt: t.completedAt ?? null })),
  };
}
