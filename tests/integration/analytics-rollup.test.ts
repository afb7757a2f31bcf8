// The analytics rollups (decisions 032 and 121) against a from-scratch count: after random sequences
// of what a person does (tasks created in any category, timers started and stopped, completions and
// reopenings, category changes, deleted tasks, time logs edited or deleted, Pomodoro sessions started
// and completed, moved or deleted, tasks made to repeat (some with an end) or to happen once again,
// occurrences completed and skipped (decision 261), and analytics asked for in another time zone),
// analytics_daily and analytics_totals hold exactly what counting the person's tasks, completed
// occurrences, time logs and focus sessions again gives, in the person's time zone, and analytics answers the same minutes and focus sessions per day.
// Time logs and Pomodoro sessions have no route that edits or deletes one: those steps write the rows
// directly, as any future route or a cascade would, since the database keeps the rollups whatever
// makes the change.
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsDaily, analyticsTotals } from "#server/db/schema/analytics.ts";
import { pomodoroSessions, taskOccurrences, tasks, timeLogs } from "#server/db/schema/tasks.ts";
import { readInsightsData } from "#server/modules/ai-insights/insights-data.ts";
import type { AnalyticsResponse, PomodoroSessionDto, TaskDto } from "#shared/contracts/tasks.ts";
import { POMODORO_WORK_OPTIONS } from "#shared/domain/pomodoro.ts";
import { startAt } from "#shared/domain/recurrence-rule.ts";
import { TASK_CATEGORIES } from "#shared/domain/tasks.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "Asia/Kolkata",
  "Pacific/Kiritimati",
  "America/St_Johns",
];

type Step =
  | { kind: "create"; category: (typeof TASK_CATEGORIES)[number] }
  | { kind: "start" | "stop" | "complete" | "reopen" | "delete" | "skip" | "finish" | "once"; task: number }
  | { kind: "repeat"; task: number; count: number | null }
  | { kind: "recategorise"; task: number; category: (typeof TASK_CATEGORIES)[number] }
  | { kind: "editLog" | "deleteLog"; log: number; minutes: number }
  | { kind: "zone"; zone: string }
  | { kind: "wait"; minutes: number }
  | { kind: "track"; task: number; minutes: number }
  | { kind: "focus"; task: number | null; minutes: number; complete: boolean }
  | { kind: "moveFocus" | "deleteFocus"; session: number; minutes: number };

const category = fc.constantFrom(...TASK_CATEGORIES);
const index = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("create" as const), category }), weight: 3 },
  fc.record({
    kind: fc.constantFrom("start" as const, "stop" as const, "complete" as const, "reopen" as const),
    task: index,
  }),
  fc.record({ kind: fc.constant("delete" as const), task: index }),
  // Repeating tasks: made to repeat daily (for ever or twice), an occurrence skipped, made to happen
  // once again; an occurrence completed ("finish", as "complete" above does through the task) or
  // skipped; the task made to happen once again.
  fc.record({
    kind: fc.constant("repeat" as const),
    task: index,
    count: fc.option(fc.constant(2), { nil: null }),
  }),
  {
    arbitrary: fc.record({
      kind: fc.constantFrom("skip" as const, "finish" as const, "finish" as const, "once" as const),
      task: index,
    }),
    weight: 2,
  },
  // A timer started, run for a while (past midnight at times) and stopped.
  fc.record({
    kind: fc.constant("track" as const),
    task: index,
    minutes: fc.integer({ min: 1, max: 16 * 60 }),
  }),
  fc.record({ kind: fc.constant("recategorise" as const), task: index, category }),
  fc.record({
    kind: fc.constantFrom("editLog" as const, "deleteLog" as const),
    log: index,
    minutes: fc.nat({ max: 600 }),
  }),
  // A Pomodoro run, on a task or none, completed at its end or abandoned (never completed).
  fc.record({
    kind: fc.constant("focus" as const),
    task: fc.option(index, { nil: null }),
    minutes: fc.constantFrom(...POMODORO_WORK_OPTIONS),
    complete: fc.boolean(),
  }),
  // A session's start moved back (over midnight at times), or the session deleted.
  fc.record({
    kind: fc.constantFrom("moveFocus" as const, "deleteFocus" as const),
    session: index,
    minutes: fc.integer({ min: 1, max: 24 * 60 }),
  }),
  fc.record({ kind: fc.constant("zone" as const), zone: fc.constantFrom(...ZONES) }),
  // Up to four days at once, so logs and completions land on many local days and across midnights.
  fc.record({ kind: fc.constant("wait" as const), minutes: fc.integer({ min: 1, max: 4 * 24 * 60 }) }),
);

let server: TestServer;
let person: Awaited<ReturnType<typeof createVerifiedUser>>;
let userId: string;
let zone = "UTC";
beforeAll(async () => {
  server = await startTestServer();
  person = await createVerifiedUser(server);
  userId = ((await person.client.get<{ id: string }>("/api/me")).body as { id: string }).id;
});
afterAll(() => server?.close());

const db = () => server.testDb.database.db;

const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );

/** The rollups counted again from the person's rows, as cells "day|category" and totals. */
async function fromScratch(timeZone: string) {
  const taskRows = await db().select().from(tasks).where(eq(tasks.userId, userId));
  const logRows = await db().select().from(timeLogs).where(eq(timeLogs.userId, userId));
  const sessionRows = await db().select().from(pomodoroSessions).where(eq(pomodoroSessions.userId, userId));
  const occurrenceRows = await db().select().from(taskOccurrences).where(eq(taskOccurrences.userId, userId));
  const cells = new Map<string, { minutes: number; completed: number; created: number; focus: number }>();
  const cell = (at: Date, cat: string) => {
    const key = `${localDay(at, timeZone)}|${cat}`;
    const c = cells.get(key) ?? { minutes: 0, completed: 0, created: 0, focus: 0 };
    cells.set(key, c);
    return c;
  };
  const categoryOf = new Map(taskRows.map((t) => [t.id, t.category]));
  // A repeating task whose rule has ended counts for nothing: its completed occurrences count.
  const counted = taskRows.filter((t) => !(t.recurrenceRule !== null && t.completed));
  for (const t of counted) {
    cell(t.createdAt, t.category).created++;
    if (t.completed && t.completedAt) cell(t.completedAt, t.category).completed++;
  }
  // A completed occurrence is a task created and completed the day it was done; a skipped one, nothing.
  const done = occurrenceRows.filter((o) => o.outcome === "completed");
  for (const o of done) {
    cell(o.doneAt, o.category).created++;
    cell(o.doneAt, o.category).completed++;
  }
  for (const l of logRows) {
    if (l.endTime && l.durationMinutes !== null)
      cell(l.startTime, categoryOf.get(l.taskId)!).minutes += l.durationMinutes;
  }
  // Focus sessions belong to no category: the day's cell with category "".
  for (const p of sessionRows) if (p.completed) cell(p.startTime, "").focus++;
  const timed = [...counted.filter((t) => t.completed), ...done].filter((t) => t.actualMinutes > 0);
  return {
    cells: Object.fromEntries([...cells].filter(([, c]) => c.minutes || c.completed || c.created || c.focus)),
    totals: {
      tasks: counted.length + done.length,
      completed: counted.filter((t) => t.completed).length + done.length,
      estimated: timed.reduce((s, t) => s + t.estimatedMinutes, 0),
      actual: timed.reduce((s, t) => s + t.actualMinutes, 0),
    },
  };
}

async function rollups() {
  const rows = await db().select().from(analyticsDaily).where(eq(analyticsDaily.userId, userId));
  const [t] = await db().select().from(analyticsTotals).where(eq(analyticsTotals.userId, userId));
  return {
    timeZone: t?.timeZone,
    cells: Object.fromEntries(
      rows
        .filter((r) => r.minutesTracked || r.tasksCompleted || r.tasksCreated || r.focusSessions)
        .map((r) => [
          `${r.day}|${r.category}`,
          {
            minutes: r.minutesTracked,
            completed: r.tasksCompleted,
            created: r.tasksCreated,
            focus: r.focusSessions,
          },
        ]),
    ),
    totals: {
      tasks: t?.tasks ?? 0,
      completed: t?.completed ?? 0,
      estimated: t?.completedEstimatedMinutes ?? 0,
      actual: t?.completedActualMinutes ?? 0,
    },
  };
}

async function myTaskIds(): Promise<string[]> {
  const rows = await db()
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.userId, userId))
    .orderBy(tasks.createdAt, tasks.id);
  return rows.map((r) => r.id);
}

async function run(s: Step) {
  const c = person.client;
  const ids = await myTaskIds();
  const pick = (i: number) => ids[i % Math.max(ids.length, 1)];
  let status: number | undefined;
  switch (s.kind) {
    case "create":
      // Few tasks, so later steps often meet a task with logs, completed, or recategorised.
      if (ids.length >= 6) return;
      status = (await c.post<TaskDto>("/api/tasks", { title: "Rollup task", category: s.category })).status;
      break;
    case "start":
    case "stop": {
      const id = pick(s.task);
      if (id) status = (await c.post(`/api/tasks/${id}/timer/${s.kind}`)).status;
      break;
    }
    case "complete":
    case "reopen": {
      const id = pick(s.task);
      if (id) status = (await c.patch(`/api/tasks/${id}`, { completed: s.kind === "complete" })).status;
      break;
    }
    case "repeat": {
      const id = pick(s.task);
      const rrule = s.count === null ? "FREQ=DAILY" : `FREQ=DAILY;COUNT=${s.count}`;
      const recurrence = { rrule, start: startAt(server.clock.now(), "UTC"), timeZone: "UTC" };
      if (id) status = (await c.patch(`/api/tasks/${id}`, { recurrence })).status;
      break;
    }
    case "once": {
      const id = pick(s.task);
      if (id) status = (await c.patch(`/api/tasks/${id}`, { recurrence: null })).status;
      break;
    }
    case "skip":
    case "finish": {
      const id = pick(s.task);
      const action = s.kind === "skip" ? "skip" : "complete";
      if (id) status = (await c.post(`/api/tasks/${id}/occurrences/${action}`, {})).status;
      break;
    }
    case "recategorise": {
      const id = pick(s.task);
      if (id) status = (await c.patch(`/api/tasks/${id}`, { category: s.category })).status;
      break;
    }
    case "delete": {
      const id = pick(s.task);
      if (id) status = (await c.delete(`/api/tasks/${id}`)).status;
      break;
    }
    case "editLog":
    case "deleteLog": {
      const logs = await db()
        .select({ id: timeLogs.id })
        .from(timeLogs)
        .where(sql`${timeLogs.userId} = ${userId} and ${timeLogs.endTime} is not null`)
        .orderBy(timeLogs.startTime, timeLogs.id);
      const log = logs[s.log % Math.max(logs.length, 1)];
      if (!log) return;
      if (s.kind === "deleteLog") await db().delete(timeLogs).where(eq(timeLogs.id, log.id));
      else
        await db()
          .update(timeLogs)
          .set({
            durationMinutes: s.minutes,
            startTime: sql`${timeLogs.startTime} - make_interval(mins => ${s.minutes})`,
          })
          .where(eq(timeLogs.id, log.id));
      return;
    }
    case "focus": {
      const taskId = s.task === null ? null : pick(s.task);
      const started = await c.post<PomodoroSessionDto>("/api/pomodoro-sessions", {
        durationMinutes: s.minutes,
        breakDurationMinutes: 5,
        ...(taskId ? { taskId } : {}),
      });
      expect(started.status, JSON.stringify(s)).toBe(201);
      server.clock.advance(s.minutes * 60_000);
      if (s.complete) status = (await c.post(`/api/pomodoro-sessions/${started.body.id}/complete`)).status;
      break;
    }
    case "moveFocus":
    case "deleteFocus": {
      const sessions = await db()
        .select({ id: pomodoroSessions.id })
        .from(pomodoroSessions)
        .where(eq(pomodoroSessions.userId, userId))
        .orderBy(pomodoroSessions.startTime, pomodoroSessions.id);
      const session = sessions[s.session % Math.max(sessions.length, 1)];
      if (!session) return;
      if (s.kind === "deleteFocus")
        await db().delete(pomodoroSessions).where(eq(pomodoroSessions.id, session.id));
      else
        await db()
          .update(pomodoroSessions)
          .set({ startTime: sql`${pomodoroSessions.startTime} - make_interval(mins => ${s.minutes})` })
          .where(eq(pomodoroSessions.id, session.id));
      return;
    }
    case "zone": {
      zone = s.zone;
      const res = await c.get<AnalyticsResponse>(`/api/analytics?range=7&tz=${encodeURIComponent(s.zone)}`);
      status = res.status;
      break;
    }
    case "wait":
      server.clock.advance(s.minutes * 60_000);
      return;
    case "track": {
      const id = pick(s.task);
      if (!id) return;
      expect((await c.post(`/api/tasks/${id}/timer/start`)).status).toBeLessThan(500);
      server.clock.advance(s.minutes * 60_000);
      status = (await c.post(`/api/tasks/${id}/timer/stop`)).status;
      break;
    }
  }
  // Refusals (a timer on a completed task, a task already gone) are fine; failures are not.
  if (status !== undefined) expect(status, JSON.stringify(s)).toBeLessThan(500);
}

describe("analytics rollups", () => {
  it("equal a from-scratch count after any sequence of changes, in the person's time zone", async () => {
    server.clock.set("2026-03-01T08:00:00Z");
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30, size: "max" }), async (steps) => {
        for (const s of steps) await run(s);
        const expected = await fromScratch(zone);
        const actual = await rollups();
        expect(actual.timeZone ?? "UTC").toBe(zone);
        expect(actual.cells).toEqual(expected.cells);
        expect(actual.totals).toEqual(expected.totals);

        // Analytics reads them: minutes per category over the range, as counted from scratch.
        const res = await person.client.get<AnalyticsResponse>(
          `/api/analytics?range=7&tz=${encodeURIComponent(zone)}`,
        );
        expect(res.status).toBe(200);
        const days = new Set(res.body.days.map((d) => d.date));
        const perDay = new Map<string, { minutes: number; focus: number }>();
        for (const [key, c] of Object.entries(expected.cells)) {
          const [day] = key.split("|");
          if (!days.has(day!)) continue;
          const sum = perDay.get(day!) ?? { minutes: 0, focus: 0 };
          perDay.set(day!, { minutes: sum.minutes + c.minutes, focus: sum.focus + c.focus });
        }
        for (const d of res.body.days) {
          expect(d.minutesTracked, d.date).toBe(perDay.get(d.date)?.minutes ?? 0);
          expect(d.focusSessions, d.date).toBe(perDay.get(d.date)?.focus ?? 0);
        }
        expect(res.body.metrics.totalTasks).toBe(expected.totals.tasks);
      }),
      { numRuns: 25 },
    );
  });

  it("count each completed occurrence of a repeating task as a task completed that day, once", async () => {
    person = await createVerifiedUser(server);
    userId = ((await person.client.get<{ id: string }>("/api/me")).body as { id: string }).id;
    zone = "UTC";
    const c = person.client;
    server.clock.set("2026-03-10T08:00:00Z");
    const task = (await c.post<TaskDto>("/api/tasks", { title: "Water the plants", category: "Admin" })).body;
    const recurrence = { rrule: "FREQ=DAILY;COUNT=3", start: "2026-03-10T09:00", timeZone: "UTC" };
    expect((await c.patch(`/api/tasks/${task.id}`, { recurrence })).status).toBe(200);
    // Done on the 10th, skipped on the 11th, done on the 12th: the last date, so the task completes.
    expect((await c.patch(`/api/tasks/${task.id}`, { completed: true })).status).toBe(200);
    server.clock.set("2026-03-11T08:00:00Z");
    expect((await c.post(`/api/tasks/${task.id}/occurrences/skip`, {})).status).toBe(200);
    server.clock.set("2026-03-12T08:00:00Z");
    expect((await c.patch(`/api/tasks/${task.id}`, { completed: true })).status).toBe(200);
    const row = (await db().select().from(tasks).where(eq(tasks.id, task.id)))[0]!;
    expect(row.completed).toBe(true);
    const expected = {
      cells: {
        "2026-03-10|Admin": { minutes: 0, completed: 1, created: 1, focus: 0 },
        "2026-03-12|Admin": { minutes: 0, completed: 1, created: 1, focus: 0 },
      },
      totals: { tasks: 2, completed: 2, estimated: 0, actual: 0 },
    };
    expect(await fromScratch("UTC")).toEqual(expected);
    const kept = await rollups();
    expect({ cells: kept.cells, totals: kept.totals }).toEqual(expected);
    // The recount from scratch (a change of zone) agrees.
    await db().execute(sql`select analytics_rebuild(${userId}, 'UTC')`);
    const rebuilt = await rollups();
    expect({ cells: rebuilt.cells, totals: rebuilt.totals }).toEqual(expected);
    const res = await c.get<AnalyticsResponse>("/api/analytics?range=7&tz=UTC");
    expect(res.body.metrics.totalTasks).toBe(2);
    // Insights count them alike, for all the person's tasks and for the project's (the Inbox).
    for (const scope of [null, { projectId: task.projectId!, isInbox: true }]) {
      const insights = await readInsightsData(db(), userId, "UTC", new Date("2026-03-12T09:00:00Z"), scope);
      expect(insights.totals, JSON.stringify(scope)).toEqual({ tasks: 2, completed: 2 });
      expect(insights.completed).toBe(2);
      expect(insights.completionsByHour[8]).toBe(2);
      expect(insights.history.filter((d) => d.completed > 0)).toMatchObject([
        { date: "2026-03-10", created: 1, completed: 1 },
        { date: "2026-03-12", created: 1, completed: 1 },
      ]);
    }
  });
});
