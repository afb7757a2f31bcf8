// AI Insights through the HTTP app (spec sections 2, 3, 4, 7 and 9; issue 13): metrics, predictions,
// patterns, burnout strain and recommendations computed from what the person did; apply does what it
// says; acknowledge stores the alert; free people get 403; nobody reaches another person's rows.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aiInsights, burnoutAlerts, optimizationRecommendations } from "#server/db/schema/insights.ts";
import { tasks, timeLogs } from "#server/db/schema/tasks.ts";
import type { ApplyResponse, InsightsResponse } from "#shared/contracts/ai-insights.ts";
import type { Preferences } from "#shared/contracts/preferences.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import { seedWorkHistory } from "../support/insights-seed.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
// Sunday 22 November 2026, 23:00 UTC: the seeded days end at 20:00 today.
const TODAY = new Date("2026-11-22T00:00:00.000Z");
const NOW = "2026-11-22T23:00:00.000Z";
let heavy: TestClient;
let heavyId: string;
let fresh: TestClient;
let free: TestClient;
let seeded: Awaited<ReturnType<typeof seedWorkHistory>>;

const db = () => server.kairo.deps.database.db;
const insights = (c: TestClient) => c.get<InsightsResponse & ErrorBody>("/api/ai-insights?tz=UTC");
const refresh = (c: TestClient) =>
  c.post<InsightsResponse & ErrorBody>("/api/ai-insights/refresh", { tz: "UTC" });
const apply = (c: TestClient, id: string, body: unknown = {}) =>
  c.post<ApplyResponse & ErrorBody>(`/api/ai-insights/recommendations/${id}/apply`, body);

beforeAll(async () => {
  server = await startTestServer();
  // The free person signed up 10 days ago: the 7-day trial is over.
  server.clock.set("2026-11-12T12:00:00.000Z");
  free = (await createVerifiedUser(server)).client;
  server.clock.set(NOW);
  heavy = (await createVerifiedUser(server)).client;
  fresh = (await createVerifiedUser(server)).client;
  // Paid Pro: a month outlasts the scenario's week (the 7-day trial would not).
  await buyPlan(server, heavy, "pro");
  await buyPlan(server, fresh, "pro");
  heavyId = (await heavy.get<{ id: string }>("/api/me")).body.id;
  seeded = await seedWorkHistory(db(), heavyId, TODAY);
});
afterEach(() => server.clock.set(NOW));
afterAll(() => server?.close());

describe("access", () => {
  it("refuses a free person on every call with 403 PLAN_REQUIRED and changes nothing", async () => {
    const before = (await db().select().from(aiInsights)).length;
    const calls = [
      insights(free),
      refresh(free),
      apply(free, "00000000-0000-4000-8000-000000000000"),
      free.post<ErrorBody>("/api/ai-insights/burnout/acknowledge", {}),
      free.get<ErrorBody>("/api/ai-insights/schedule?tz=UTC"),
      free.post<ErrorBody>("/api/ai-insights/schedule/00000000-0000-4000-8000-000000000000/postpone", {
        days: 1,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "pro" });
    }
    expect((await db().select().from(aiInsights)).length).toBe(before);
  });
});

describe("a new account", () => {
  it("shows the spec's default predictions labelled as defaults, the four built-ins and no alert", async () => {
    const res = await insights(fresh);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.predictions).toMatchObject({
      source: "defaults",
      weeksOfHistory: 0,
      current: { completionRate: 0, productivityScore: 0 },
      nextWeek: { completionRate: 0.78, productivityScore: 75 },
      nextMonth: { completionRate: 0.82, productivityScore: 80 },
      trend: "improving",
      confidence: 0.78,
    });
    expect(b.recommendationsSource).toBe("builtin");
    expect(b.recommendations.map((r) => [r.impact, r.category, r.improvement, r.isApplied])).toEqual([
      ["high", "scheduling", 15, false],
      ["medium", "wellness", 10, false],
      ["high", "workflow", 20, false],
      ["medium", "automation", 12, false],
    ]);
    expect(b.burnoutRisk).toMatchObject({ score: 0, level: "low", factors: [], showAlert: false });
    expect(b.patterns).toEqual({
      peakProductivity: { hours: null, days: [] },
      workPatterns: { averageTaskDuration: 0, focusBlocks: 0 },
    });
    expect(b.insights).toMatch(/^There is not much to analyse yet/);
    expect(b.insightsSource).toBe("builtin");
  });
});

describe("a person with ten weeks of history and a heavy fortnight", () => {
  it("computes the metrics of the last 30 days from the seeded days", async () => {
    const { body, status } = await insights(heavy);
    expect(status).toBe(200);
    // 14 heavy days of 690 minutes and 10 calm weekdays of 210 in the 30 days (see insights-seed.ts).
    const start = new Date(NOW).getTime() - 30 * 86_400_000;
    const plate = seeded.tasks.filter(
      (t) => t.createdAt.getTime() >= start || !t.completedAt || t.completedAt.getTime() >= start,
    ).length;
    const done = seeded.tasks.filter((t) => t.completedAt && t.completedAt.getTime() >= start).length;
    expect(body.metrics).toEqual({
      completionRate: Math.round((done / plate) * 1000) / 1000,
      totalTasks: plate,
      totalHours: 196,
      focusSessions: 10,
      productivityScore: Math.round((done / plate) * 100),
      workHoursPerDay: 8.2,
      weekendWork: 4,
      overtimeDays: 14,
      // 4 breaks on each heavy day, 1 (15:30 to the 16:00 focus session) on each calm one: 66 / 24.
      breakFrequency: 2.8,
      afterHoursWork: 49,
    });
  });

  it("forecasts from the weekly series with a confidence from the data", async () => {
    const p = (await insights(heavy)).body.predictions;
    expect(p.source).toBe("forecast");
    expect(p.method).toBe("holt-damped");
    expect(p.weeksOfHistory).toBeGreaterThanOrEqual(8);
    expect(p.confidence).toBeGreaterThan(0);
    expect(p.confidence).toBeLessThan(0.95);
    expect(p.current.productivityScore).toBe(Math.round(p.current.completionRate * 100));
    for (const point of [p.nextWeek, p.nextMonth]) {
      expect(point.completionRate).toBeGreaterThanOrEqual(0);
      expect(point.completionRate).toBeLessThanOrEqual(1);
      expect(point.productivityScore).toBe(Math.round(point.completionRate * 100));
    }
  });

  it("finds the peak hours and days in the person's time zone", async () => {
    const utc = (await insights(heavy)).body.patterns;
    expect(utc.peakProductivity.hours).toBe("9-11 AM");
    // Blocks of 25+ minutes: 5 on each heavy day, 3 (two logs and a focus session) on each calm one.
    expect(utc.workPatterns).toEqual({ averageTaskDuration: 45, focusBlocks: 4.2 });
    // Three hours ahead, the same work happened at noon.
    const moscow = (await heavy.get<InsightsResponse>("/api/ai-insights?tz=Europe/Moscow")).body.patterns;
    expect(moscow.peakProductivity.hours).toBe("12-2 PM");
  });

  it("scores the fortnight's strain as high, with each factor in words, and shows the alert", async () => {
    const risk = (await insights(heavy)).body.burnoutRisk;
    expect(risk.level).toBe("high");
    expect(risk.score).toBe(70);
    expect(risk.showAlert).toBe(true);
    expect(risk.factors.map((f) => f.text)).toEqual(
      expect.arrayContaining([
        "11.5 hours a day over the last 14 days",
        "14 days over 9 hours in the last 14 days",
        "worked 2 of the last 4 weekends",
        "24.5 hours a week of work before 8 AM or after 6 PM",
      ]),
    );
    expect(risk.note).toMatch(/not a diagnosis/);
  });

  it("writes the analysis from the figures and stores one ai_insights row per new text", async () => {
    const b = (await insights(heavy)).body;
    expect(b.insights).toContain("tracked 196 hours across 10 focus sessions");
    expect(b.insights).toContain("around 9-11 AM");
    const rows = () =>
      db().select().from(aiInsights).where(eq(aiInsights.userId, heavyId)).orderBy(aiInsights.createdAt);
    const stored = await rows();
    expect(stored.at(-1)).toMatchObject({
      insightType: "productivity_analysis",
      confidenceScore: 0.85,
      category: "general",
      content: b.insights,
    });
    // The same text again is not stored twice; Refresh regenerates and stores, once per refresh window.
    server.clock.advance(60_000);
    await heavy.post<TaskDto>("/api/tasks", { title: "Invalidate the cache" });
    await heavy.request(
      "DELETE",
      `/api/tasks/${(await heavy.get<{ tasks: TaskDto[] }>("/api/tasks")).body.tasks.find((t) => t.title === "Invalidate the cache")?.id}`,
    );
    expect((await insights(heavy)).body.insights).toBe(b.insights);
    expect((await rows()).length).toBe(stored.length);
    // Ten minutes after the latest row, a refresh opens a new window and stores a new row.
    server.clock.advance(10 * 60_000);
    const r = await refresh(heavy);
    expect(r.status).toBe(200);
    expect(r.body.insights).toBe(b.insights);
    expect((await rows()).length).toBe(stored.length + 1);
  });

  it("limits refreshes to 5 per 10 minutes with 429 and Retry-After, and stores one row per window", async () => {
    // Signed up now: the trial counts as Pro.
    const { client: person } = await createVerifiedUser(server);
    const personId = (await person.get<{ id: string }>("/api/me")).body.id;
    const rows = () => db().select().from(aiInsights).where(eq(aiInsights.userId, personId));
    // The window of the clock's 23:00 runs to 23:10.
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await refresh(person));
    expect(answers.map((a) => a.status)).toEqual([...Array(5).fill(200), ...Array(35).fill(429)]);
    const limited = answers[5]!;
    expect(limited.headers.get("retry-after")).toBe("600");
    expect(limited.body.error).toEqual({
      code: "RATE_LIMITED",
      message: "Insights can be refreshed 5 times every 10 minutes. Please wait a moment and try again.",
    });
    expect(await rows()).toHaveLength(1);
    // Reading the page is not limited, and stores nothing more within the window.
    expect((await insights(person)).status).toBe(200);
    expect(await rows()).toHaveLength(1);
    // The next window takes refreshes again, and keeps one more row.
    server.clock.advance(10 * 60_000);
    expect((await refresh(person)).status).toBe(200);
    expect((await refresh(person)).status).toBe(200);
    expect(await rows()).toHaveLength(2);
  });

  it("serves the cached result until the person's data changes", async () => {
    const first = (await insights(heavy)).body;
    server.clock.advance(60_000);
    expect((await insights(heavy)).body.generatedAt).toBe(first.generatedAt);
    await heavy.post<TaskDto>("/api/tasks", { title: "One more thing" });
    server.clock.advance(60_000);
    const after = (await insights(heavy)).body;
    expect(after.generatedAt).not.toBe(first.generatedAt);
    expect(after.metrics.totalTasks).toBe(first.metrics.totalTasks + 1);
  });

  it("is recomputed after any write to the person's data, whatever path makes it (database triggers)", async () => {
    const first = (await insights(heavy)).body;
    server.clock.advance(60_000);
    expect((await insights(heavy)).body.generatedAt).toBe(first.generatedAt);
    // A closed 90-minute log written straight into the table, as no route of this module would.
    const [task] = await db().select().from(tasks).where(eq(tasks.userId, heavyId)).limit(1);
    await db()
      .insert(timeLogs)
      .values({
        taskId: task!.id,
        userId: heavyId,
        startTime: new Date("2026-11-22T21:00:00.000Z"),
        endTime: new Date("2026-11-22T22:30:00.000Z"),
        durationMinutes: 90,
      });
    const after = (await insights(heavy)).body;
    expect(after.generatedAt).not.toBe(first.generatedAt);
    expect(after.metrics.totalHours).toBe(first.metrics.totalHours + 1.5);
    await db()
      .delete(timeLogs)
      .where(eq(timeLogs.startTime, new Date("2026-11-22T21:00:00.000Z")));
    expect((await insights(heavy)).body.metrics.totalHours).toBe(first.metrics.totalHours);
  });

  it("recommends what stands out, mapped by position, keeping ids stable between loads", async () => {
    const a = (await insights(heavy)).body;
    expect(a.recommendationsSource).toBe("engine");
    expect(a.recommendations.map((r) => [r.impact, r.category, r.improvement])).toEqual(
      a.recommendations.map((_, i) => [["high", "medium", "low"][Math.min(i, 2)], "general", 10 + 5 * i]),
    );
    const b = (await refresh(heavy)).body;
    expect(b.recommendations.map((r) => r.id)).toEqual(a.recommendations.map((r) => r.id));
  });
});

describe("applying recommendations", () => {
  async function builtinOf(client: TestClient, action: string) {
    const recs = (await insights(client)).body.recommendations;
    const rec = recs.find((r) => r.action === action && !r.isApplied);
    if (!rec) throw new Error(`no ${action} recommendation`);
    return rec;
  }

  it("5-minute breaks every 45 minutes sets the Pomodoro to 45/5, once", async () => {
    const rec = await builtinOf(fresh, "pomodoro_45_5");
    const res = await apply(fresh, rec.id, { tz: "UTC" });
    expect(res.status).toBe(200);
    expect(res.body.effect).toEqual({ kind: "pomodoro", workMinutes: 45, breakMinutes: 5 });
    expect(res.body.recommendation).toMatchObject({ id: rec.id, isApplied: true, improvement: 10 });
    const prefs = (await fresh.get<Preferences>("/api/preferences")).body;
    expect(prefs.pomodoro).toMatchObject({ workMinutes: 45, breakMinutes: 5 });
    const again = await apply(fresh, rec.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This recommendation is already applied.");
    const shown = (await insights(fresh)).body.recommendations.find((r) => r.id === rec.id);
    expect(shown).toMatchObject({ isApplied: true, measured: null });
  });

  it("batch similar tasks groups the task list by category", async () => {
    const rec = await builtinOf(fresh, "batch_tasks");
    expect((await apply(fresh, rec.id)).body.effect).toEqual({ kind: "batch_tasks", groupBy: "category" });
    expect((await fresh.get<Preferences>("/api/preferences")).body.taskGrouping).toBe("category");
  });

  it("focus blocks at peak hours puts five focus blocks on the next weekdays at the person's peak", async () => {
    const rec = await builtinOf(heavy, "focus_blocks");
    const res = await apply(heavy, rec.id, { tz: "UTC" });
    expect(res.body.effect).toEqual({ kind: "focus_blocks", created: 5, hours: "9-11 AM" });
    const list = (await heavy.get<{ tasks: TaskDto[] }>("/api/tasks?limit=100")).body.tasks;
    const blocks = list.filter((t) => t.title === "Focus block (9-11 AM)");
    expect(blocks.map((t) => t.deadline).sort()).toEqual([
      "2026-11-23T09:00:00.000Z",
      "2026-11-24T09:00:00.000Z",
      "2026-11-25T09:00:00.000Z",
      "2026-11-26T09:00:00.000Z",
      "2026-11-27T09:00:00.000Z",
    ]);
    expect(blocks.every((t) => t.estimatedMinutes === 120)).toBe(true);
  });

  it("shows the measured change seven days after applying", async () => {
    const applied = (await insights(fresh)).body.recommendations.find((r) => r.action === "pomodoro_45_5");
    expect(applied?.measured).toBeNull();
    server.clock.set("2026-11-30T23:30:00.000Z");
    const later = (await insights(fresh)).body.recommendations.find((r) => r.id === applied?.id);
    expect(later?.measured).toEqual({
      days: 7,
      before: { completionRate: 0, focusSessions: 0 },
      after: { completionRate: 0, focusSessions: 0 },
    });
  });

  it("measures the change from the person's own days: the week before applying and the week from it", async () => {
    // The focus blocks applied above, moved back to Sunday 8 November: calm weekdays before it, the
    // heavy fortnight from the Monday on.
    const rec = (await insights(heavy)).body.recommendations.find((r) => r.action === "focus_blocks");
    if (!rec?.isApplied) throw new Error("focus blocks not applied");
    await db()
      .update(optimizationRecommendations)
      .set({ appliedAt: new Date("2026-11-08T12:00:00.000Z") })
      .where(eq(optimizationRecommendations.id, rec.id));
    const shown = (await insights(heavy)).body.recommendations.find((r) => r.id === rec.id);
    // Counted from the person's tasks as they are (applying focus blocks adds five on the day).
    const all = await db().select().from(tasks).where(eq(tasks.userId, heavyId));
    const rate = (from: string, to: string) => {
      const [a, b] = [new Date(from).getTime(), new Date(to).getTime()];
      const ts = all.filter((t) => t.createdAt.getTime() < b);
      const plate = ts.filter(
        (t) => t.createdAt.getTime() >= a || !t.completedAt || t.completedAt.getTime() >= a,
      ).length;
      const done = ts.filter(
        (t) => t.completedAt && t.completedAt.getTime() >= a && t.completedAt.getTime() < b,
      ).length;
      return Math.round((done / plate) * 1000) / 1000;
    };
    expect(shown?.measured).toEqual({
      days: 7,
      // One focus session on each calm weekday (2-6 November), none in the heavy days.
      before: { completionRate: rate("2026-11-01", "2026-11-08"), focusSessions: 5 },
      after: { completionRate: rate("2026-11-08", "2026-11-15"), focusSessions: 0 },
    });
    expect(shown?.measured?.after.completionRate).not.toBe(shown?.measured?.before.completionRate);
  });

  it("refuses unknown, malformed and other people's ids, and malformed bodies, changing nothing", async () => {
    const mine = (await insights(fresh)).body.recommendations.find((r) => !r.isApplied);
    if (!mine) throw new Error("no open recommendation");
    const rows = async () => db().select().from(optimizationRecommendations);
    const before = await rows();
    const notFound = [
      await apply(heavy, mine.id),
      await apply(fresh, "00000000-0000-4000-8000-000000000000"),
      await apply(fresh, "not-an-id"),
    ];
    for (const res of notFound) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Recommendation not found.");
    }
    for (const body of [{ tz: 5 }, { extra: true }, { tz: "Mars/Olympus" }]) {
      expect((await apply(fresh, mine.id, body)).status).toBe(400);
    }
    const raw = await fresh.request<ErrorBody>("POST", `/api/ai-insights/recommendations/${mine.id}/apply`, {
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    expect(await rows()).toEqual(before);
  });
});

describe("acknowledging the burnout alert", () => {
  it("refuses when there is no alert to acknowledge", async () => {
    const res = await fresh.post<ErrorBody>("/api/ai-insights/burnout/acknowledge", {});
    expect(res.status).toBe(409);
    expect(await db().select().from(burnoutAlerts)).toEqual([]);
  });

  it("stores the alert with the four fixed recommendations and hides it until the level rises", async () => {
    const bad = await heavy.post<ErrorBody>("/api/ai-insights/burnout/acknowledge", { level: "low" });
    expect(bad.status).toBe(400);
    const res = await heavy.post<{ riskLevel: string; riskScore: number; recommendations: string[] }>(
      "/api/ai-insights/burnout/acknowledge",
      { tz: "UTC" },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ riskLevel: "high", riskScore: 70 });
    expect(res.body.recommendations).toEqual([
      "Take a 15-minute break every 2 hours",
      "Schedule time for non-work activities",
      "Delegate or postpone low-priority tasks",
      "Practice 10 minutes of mindfulness daily",
    ]);
    const [row] = await db().select().from(burnoutAlerts).where(eq(burnoutAlerts.userId, heavyId));
    expect(row).toMatchObject({ isAcknowledged: true, riskLevel: "high", riskScore: 70 });
    expect(row?.contributingFactors).toContain("11.5 hours a day over the last 14 days");
    const after = (await insights(heavy)).body.burnoutRisk;
    expect(after).toMatchObject({ level: "high", showAlert: false });
  });
});

describe("adjusting the schedule", () => {
  type ScheduleBody = { tasks: { id: string; title: string; priority: string; deadline: string }[] };
  const schedule = (c: TestClient, tz = "UTC") =>
    c.get<ScheduleBody & ErrorBody>(`/api/ai-insights/schedule?tz=${tz}`);
  const postpone = (c: TestClient, id: string, body: unknown) =>
    c.post<{ task: { deadline: string }; postponedDays: number } & ErrorBody>(
      `/api/ai-insights/schedule/${id}/postpone`,
      body,
    );

  it("lists the open tasks due this week, lowest priority first, and postpones one by a day or a week", async () => {
    const make = async (title: string, priority: string, deadline: string | null, completed = false) => {
      const t = (await fresh.post<TaskDto>("/api/tasks", { title, priority, deadline })).body;
      if (completed) await fresh.patch(`/api/tasks/${t.id}`, { completed: true });
      return t;
    };
    const urgent = await make("Ship the release", "urgent", "2026-11-23T09:00:00.000Z");
    const low = await make("Tidy the wiki", "low", "2026-11-25T15:00:00.000Z");
    const medium = await make("Review the budget", "medium", "2026-11-24T10:00:00.000Z");
    await make("Next month", "low", "2026-12-20T10:00:00.000Z");
    await make("No deadline", "low", null);
    const done = await make("Already done", "low", "2026-11-24T10:00:00.000Z", true);
    const res = await schedule(fresh);
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((t) => t.title)).toEqual([
      "Tidy the wiki",
      "Review the budget",
      "Ship the release",
    ]);
    // Someone else sees none of them.
    expect((await schedule(heavy)).body.tasks.map((t) => t.id)).not.toContain(low.id);

    const day = await postpone(fresh, low.id, { days: 1, tz: "UTC" });
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({ postponedDays: 1, task: { deadline: "2026-11-26T15:00:00.000Z" } });
    const week = await postpone(fresh, medium.id, { days: 7, tz: "UTC" });
    expect(week.body.task.deadline).toBe("2026-12-01T10:00:00.000Z");
    const list = (await fresh.get<{ tasks: TaskDto[] }>("/api/tasks?limit=100")).body.tasks;
    expect(list.find((t) => t.id === medium.id)?.deadline).toBe("2026-12-01T10:00:00.000Z");
    // A week on, it has left this week's list.
    expect((await schedule(fresh)).body.tasks.map((t) => t.title)).toEqual([
      "Tidy the wiki",
      "Ship the release",
    ]);

    // Bad input changes nothing: another person's task, a completed one, unknown ids, other lengths.
    expect((await postpone(heavy, urgent.id, { days: 1 })).status).toBe(404);
    expect((await postpone(fresh, "00000000-0000-4000-8000-000000000000", { days: 1 })).status).toBe(404);
    expect((await postpone(fresh, done.id, { days: 1 })).status).toBe(409);
    for (const body of [
      { days: 3 },
      { days: "1" },
      {},
      { days: 1, extra: true },
      { days: 1, tz: "Mars/Olympus" },
    ])
      expect((await postpone(fresh, urgent.id, body)).status).toBe(400);
    const after = (await fresh.get<{ tasks: TaskDto[] }>("/api/tasks?limit=100")).body.tasks;
    expect(after.find((t) => t.id === urgent.id)?.deadline).toBe("2026-11-23T09:00:00.000Z");
  });

  it("keeps the local time across a daylight-saving change", async () => {
    // 28 March 2027, Europe/Berlin moves to summer time: 09:00 local is 08:00 UTC, then 07:00 UTC.
    const t = (
      await fresh.post<TaskDto>("/api/tasks", {
        title: "Before the change",
        deadline: "2027-03-27T08:00:00.000Z",
      })
    ).body;
    const res = await postpone(fresh, t.id, { days: 7, tz: "Europe/Berlin" });
    expect(res.body.task.deadline).toBe("2027-04-03T07:00:00.000Z");
  });
});
