// Analytics, overview and calendar items (spec sections 3 and 7): per-day tasks completed, minutes
// tracked and focus sessions over 7, 30 or 90 local days; minutes per category; the derived metrics
// (completion rate, total tasks, total hours, focus sessions, productivity score); the overview's
// time saved; and the calendar's tasks by deadline and time blocks. Every expected number below is
// worked out by hand from the scenario, with the server's clock moved through it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  AnalyticsDay,
  AnalyticsResponse,
  CalendarItemsResponse,
  OverviewResponse,
  PomodoroSessionDto,
  TaskDto,
} from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import type { TestClient, TestResponse } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
afterEach(() => server.clock.reset());

const at = (iso: string) => server.clock.set(iso);

async function ok<T>(res: Promise<TestResponse<T>>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

async function createTask(client: TestClient, body: Record<string, unknown>) {
  return ok(client.post<TaskDto>("/api/tasks", body), 201);
}
async function track(client: TestClient, taskId: string, from: string, to: string) {
  at(from);
  await ok(client.post(`/api/tasks/${taskId}/timer/start`));
  at(to);
  await ok(client.post(`/api/tasks/${taskId}/timer/stop`));
}
async function complete(client: TestClient, taskId: string, when: string) {
  at(when);
  await ok(client.patch(`/api/tasks/${taskId}`, { completed: true }));
}
async function pomodoro(client: TestClient, startAt: string, completed = true) {
  at(startAt);
  const s = await ok(
    client.post<PomodoroSessionDto>("/api/pomodoro-sessions", {
      durationMinutes: 25,
      breakDurationMinutes: 5,
    }),
    201,
  );
  if (completed) {
    server.clock.advance(25 * 60_000);
    await ok(client.post(`/api/pomodoro-sessions/${s.id}/complete`));
  }
}

// "Today" of the scenario: Sunday 10 May 2026, 12:00 UTC (14:00 in Berlin).
const TODAY = "2026-05-10T12:00:00.000Z";

let me: TestClient;
let other: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  me = (await createVerifiedUser(server)).client;
  other = (await createVerifiedUser(server)).client;

  // Seven tasks, all created on 1 January.
  at("2026-01-01T08:00:00.000Z");
  ids.t1 = (
    await createTask(me, {
      title: "T1 build",
      category: "Development",
      estimatedMinutes: 60,
      deadline: "2026-05-11T00:00:00.000Z",
    })
  ).id;
  ids.t2 = (
    await createTask(me, {
      title: "T2 mockups",
      category: "Design",
      estimatedMinutes: 30,
      deadline: "2026-05-10T18:00:00.000Z",
    })
  ).id;
  ids.t3 = (
    await createTask(me, { title: "T3 inbox", estimatedMinutes: 30, deadline: "2026-05-12T09:00:00.000Z" })
  ).id;
  ids.t4 = (
    await createTask(me, {
      title: "T4 paper",
      category: "Research",
      estimatedMinutes: 120,
      deadline: "2026-05-04T00:00:00.000Z",
    })
  ).id;
  ids.t5 = (await createTask(me, { title: "T5 plan", deadline: "2026-05-07T17:00:00.000Z" })).id;
  ids.t6 = (await createTask(me, { title: "T6 taxes", category: "Admin", estimatedMinutes: 45 })).id;
  ids.t7 = (await createTask(me, { title: "T7 ancient", estimatedMinutes: 30 })).id;

  // January: outside every range.
  await track(me, ids.t7, "2026-01-15T10:00:00.000Z", "2026-01-15T10:30:00.000Z"); // 30 min
  await complete(me, ids.t7, "2026-01-15T10:31:00.000Z");
  // March: inside 90 days only.
  await pomodoro(me, "2026-03-15T10:00:00.000Z");
  // 25 April: inside 30 and 90 days, not 7.
  await track(me, ids.t6, "2026-04-25T10:00:00.000Z", "2026-04-25T11:00:00.000Z"); // 60 min
  await complete(me, ids.t6, "2026-04-25T11:30:00.000Z");
  await pomodoro(me, "2026-04-25T12:00:00.000Z");
  // Just before the 7-day range in UTC (4 May starts it), but 01:30 on 4 May in Berlin.
  await pomodoro(me, "2026-05-03T23:30:00.000Z");
  await pomodoro(me, "2026-05-04T00:30:00.000Z");
  // 22:30 UTC on 6 May is 00:30 on 7 May in Berlin.
  await complete(me, ids.t4, "2026-05-06T22:30:00.000Z");
  // 8 May
  await track(me, ids.t1, "2026-05-08T09:00:00.000Z", "2026-05-08T09:45:30.000Z"); // 45 min
  await pomodoro(me, "2026-05-08T09:00:00.000Z");
  await pomodoro(me, "2026-05-08T10:00:00.000Z");
  await complete(me, ids.t1, "2026-05-08T10:00:00.000Z");
  // 9 May
  await track(me, ids.t2, "2026-05-09T14:00:00.000Z", "2026-05-09T14:20:00.000Z"); // 20 min
  // 10 May (today)
  await pomodoro(me, "2026-05-10T07:00:00.000Z");
  await track(me, ids.t3, "2026-05-10T08:00:00.000Z", "2026-05-10T08:50:00.000Z"); // 50 min
  await complete(me, ids.t2, "2026-05-10T09:00:00.000Z");
  await pomodoro(me, "2026-05-10T11:00:00.000Z", false); // started, not completed
  at("2026-05-10T11:00:00.000Z");
  await ok(me.post(`/api/tasks/${ids.t5}/timer/start`)); // still running: an open log

  // Someone else, on the same days.
  at("2026-01-01T08:00:00.000Z");
  ids.q1 = (
    await createTask(other, {
      title: "Q1 someone else's",
      category: "Meeting",
      deadline: "2026-05-07T12:00:00.000Z",
    })
  ).id;
  await createTask(other, { title: "Q2 open" });
  await track(other, ids.q1, "2026-05-08T11:00:00.000Z", "2026-05-08T12:00:00.000Z"); // 60 min
  await complete(other, ids.q1, "2026-05-08T12:30:00.000Z");
  await pomodoro(other, "2026-05-08T13:00:00.000Z");
  await pomodoro(other, "2026-05-03T23:40:00.000Z");
  server.clock.reset();
}, 120_000);
afterAll(() => server?.close());

const analytics = async (client: TestClient, query: string) => {
  at(TODAY);
  return ok(client.get<AnalyticsResponse>(`/api/analytics?${query}`));
};
const dayOf = (res: AnalyticsResponse, date: string) => res.days.find((d) => d.date === date)!;
const sum = (res: AnalyticsResponse, key: "tasksCompleted" | "minutesTracked" | "focusSessions") =>
  res.days.reduce((s, d) => s + d[key], 0);

/** A 7-day table: zeros except the given days; the completion-rate trend is given per day. */
function week(
  dates: string[],
  busy: Record<string, Partial<AnalyticsDay>>,
  completedBy: Record<string, number>,
  total: number,
): AnalyticsDay[] {
  return dates.map((date) => ({
    date,
    tasksCompleted: 0,
    minutesTracked: 0,
    focusSessions: 0,
    completionRate: completedBy[date]! / total,
    ...busy[date],
  }));
}

const MAY_4_TO_10 = ["04", "05", "06", "07", "08", "09", "10"].map((d) => `2026-05-${d}`);
/** The seeded person's minutes by category from 4 May on (T1, T2, T6), biggest first. */
const MAY_CATEGORIES = [
  { category: "General", minutes: 50 },
  { category: "Development", minutes: 45 },
  { category: "Design", minutes: 20 },
];
/** What the seeded person's task figures are in any range: 5 of 7 tasks done, score round(71.43). */
const MY_TASK_METRICS = { completionRate: 5 / 7, totalTasks: 7, productivityScore: 71 };

describe("GET /api/analytics", () => {
  it("range 7 in UTC: exact per-day numbers, categories and metrics", async () => {
    const res = await analytics(me, "range=7&tz=UTC");
    expect(res.range).toBe(7);
    expect(res.historyLimitedTo).toBeNull();
    // Tasks completed so far by the end of each day: T7 (Jan) and T6 (Apr), then T4, T1, T2.
    expect(res.days).toEqual(
      week(
        MAY_4_TO_10,
        {
          "2026-05-04": { focusSessions: 1 },
          "2026-05-06": { tasksCompleted: 1 },
          "2026-05-08": { tasksCompleted: 1, minutesTracked: 45, focusSessions: 2 },
          "2026-05-09": { minutesTracked: 20 },
          "2026-05-10": { tasksCompleted: 1, minutesTracked: 50, focusSessions: 1 },
        },
        {
          "2026-05-04": 2,
          "2026-05-05": 2,
          "2026-05-06": 3,
          "2026-05-07": 3,
          "2026-05-08": 4,
          "2026-05-09": 4,
          "2026-05-10": 5,
        },
        7,
      ),
    );
    // Minutes of closed logs in the range, biggest first; Admin (April) is outside, T5's open log too.
    expect(res.byCategory).toEqual(MAY_CATEGORIES);
    // 115 minutes = 1.9166 h
    expect(res.metrics).toEqual({ ...MY_TASK_METRICS, totalHours: 1.9, focusSessions: 4 });
  });

  it("the default range is 30 days and the default time zone UTC", async () => {
    const explicit = await analytics(me, "range=30&tz=UTC");
    const byDefault = await analytics(me, "");
    expect(byDefault).toEqual(explicit);
    expect(byDefault.range).toBe(30);
  });

  it("range 30 covers 11 April to today and includes 25 April, not March or January", async () => {
    const res = await analytics(me, "range=30&tz=UTC");
    expect(res.range).toBe(30);
    expect(res.days).toHaveLength(30);
    expect(res.days[0]!.date).toBe("2026-04-11");
    expect(res.days[29]!.date).toBe("2026-05-10");
    expect(dayOf(res, "2026-04-25")).toEqual({
      date: "2026-04-25",
      tasksCompleted: 1,
      minutesTracked: 60,
      focusSessions: 1,
      completionRate: 2 / 7,
    });
    expect(dayOf(res, "2026-05-03").focusSessions).toBe(1);
    expect(sum(res, "tasksCompleted")).toBe(4); // T6, T4, T1, T2
    expect(sum(res, "minutesTracked")).toBe(175); // 60 + 45 + 20 + 50
    expect(sum(res, "focusSessions")).toBe(6);
    expect(res.byCategory).toEqual([{ category: "Admin", minutes: 60 }, ...MAY_CATEGORIES]);
    // 175 minutes = 2.9166 h
    expect(res.metrics).toEqual({ ...MY_TASK_METRICS, totalHours: 2.9, focusSessions: 6 });
  });

  it("range 90 covers 10 February to today: March counts, January does not", async () => {
    const res = await analytics(me, "range=90&tz=UTC");
    expect(res.range).toBe(90);
    expect(res.days).toHaveLength(90);
    expect(res.days[0]!.date).toBe("2026-02-10");
    expect(res.days[89]!.date).toBe("2026-05-10");
    // Consecutive days, oldest first.
    for (let i = 1; i < res.days.length; i++) {
      const gap =
        Date.parse(`${res.days[i]!.date}T00:00:00Z`) - Date.parse(`${res.days[i - 1]!.date}T00:00:00Z`);
      expect(gap).toBe(86_400_000);
    }
    expect(dayOf(res, "2026-03-15").focusSessions).toBe(1);
    expect(sum(res, "tasksCompleted")).toBe(4); // T7 (January) is outside
    expect(sum(res, "minutesTracked")).toBe(175); // T7's 30 minutes are outside
    expect(sum(res, "focusSessions")).toBe(7);
    expect(res.metrics.focusSessions).toBe(7);
    expect(res.metrics.totalHours).toBe(2.9);
    expect(res.byCategory.map((c) => c.category)).not.toContain("Meeting");
    expect(res.byCategory.find((c) => c.category === "General")).toEqual({
      category: "General",
      minutes: 50,
    });
  });

  it("a time zone east of UTC moves a late-evening completion and session to the next day", async () => {
    const res = await analytics(me, "range=7&tz=Europe%2FBerlin");
    expect(res.days.map((d) => d.date)).toEqual(MAY_4_TO_10);
    // T4 (22:30 UTC on 6 May) is 7 May in Berlin; the 23:30 UTC session of 3 May is 4 May.
    expect(dayOf(res, "2026-05-06").tasksCompleted).toBe(0);
    expect(dayOf(res, "2026-05-07").tasksCompleted).toBe(1);
    expect(dayOf(res, "2026-05-04").focusSessions).toBe(2);
    expect(dayOf(res, "2026-05-06").completionRate).toBe(2 / 7);
    expect(dayOf(res, "2026-05-07").completionRate).toBe(3 / 7);
    expect(dayOf(res, "2026-05-08")).toMatchObject({
      tasksCompleted: 1,
      minutesTracked: 45,
      focusSessions: 2,
    });
    expect(res.metrics.focusSessions).toBe(5);
    expect(res.metrics.totalHours).toBe(1.9);
  });

  it("today is the local day of the time zone", async () => {
    at("2026-05-10T23:30:00.000Z"); // 01:30 on 11 May in Berlin
    const berlin = await ok(me.get<AnalyticsResponse>("/api/analytics?range=7&tz=Europe%2FBerlin"));
    expect(berlin.days[0]!.date).toBe("2026-05-05");
    expect(berlin.days[6]!.date).toBe("2026-05-11");
    at("2026-05-10T02:00:00.000Z"); // 22:00 on 9 May in New York
    const ny = await ok(me.get<AnalyticsResponse>("/api/analytics?range=7&tz=America%2FNew_York"));
    expect(ny.days[0]!.date).toBe("2026-05-03");
    expect(ny.days[6]!.date).toBe("2026-05-09");
    const utc = await ok(me.get<AnalyticsResponse>("/api/analytics?range=7&tz=UTC"));
    expect(utc.days[6]!.date).toBe("2026-05-10");
  });

  it("steps whole local days across daylight-saving changes", async () => {
    const cases: Array<[string, string, string[]]> = [
      // Berlin springs forward on 29 March and falls back on 25 October 2026.
      [
        "2026-03-31T12:00:00.000Z",
        "Europe/Berlin",
        ["25", "26", "27", "28", "29", "30", "31"].map((d) => `2026-03-${d}`),
      ],
      [
        "2026-10-27T12:00:00.000Z",
        "Europe/Berlin",
        ["21", "22", "23", "24", "25", "26", "27"].map((d) => `2026-10-${d}`),
      ],
      // New York springs forward on 8 March 2026.
      [
        "2026-03-10T03:00:00.000Z",
        "America/New_York",
        ["03", "04", "05", "06", "07", "08", "09"].map((d) => `2026-03-${d}`),
      ],
    ];
    for (const [now, tz, dates] of cases) {
      at(now);
      const res = await ok(me.get<AnalyticsResponse>(`/api/analytics?range=7&tz=${encodeURIComponent(tz)}`));
      expect(
        res.days.map((d) => d.date),
        `${tz} at ${now}`,
      ).toEqual(dates);
    }
  });

  it("counts both passes through a local hour lived twice on its own day, and lists equal categories by name", async () => {
    // The Azores fall back from 01:00 to 00:00 on 25 October 2026 (01:00 UTC): local 00:00-01:00 of
    // that day happens twice, and its first pass starts before the instant "midnight" names.
    const { client } = await createVerifiedUser(server);
    at("2026-10-01T10:00:00.000Z");
    const design = (await createTask(client, { title: "A", category: "Design" })).id;
    const admin = (await createTask(client, { title: "B", category: "Admin" })).id;
    await track(client, design, "2026-10-24T23:30:00.000Z", "2026-10-24T23:45:00.000Z"); // 23:30 on 24 Oct
    await track(client, design, "2026-10-25T00:30:00.000Z", "2026-10-25T00:50:00.000Z"); // 00:30, first pass
    await track(client, admin, "2026-10-25T01:30:00.000Z", "2026-10-25T01:45:00.000Z"); // 00:30, second pass
    await track(client, admin, "2026-10-26T10:00:00.000Z", "2026-10-26T10:20:00.000Z");

    at("2026-10-26T12:00:00.000Z");
    const res = await ok(client.get<AnalyticsResponse>("/api/analytics?range=7&tz=Atlantic%2FAzores"));
    expect(res.days.map((d) => [d.date, d.minutesTracked])).toEqual([
      ["2026-10-20", 0],
      ["2026-10-21", 0],
      ["2026-10-22", 0],
      ["2026-10-23", 0],
      ["2026-10-24", 15],
      ["2026-10-25", 35],
      ["2026-10-26", 20],
    ]);
    expect(res.byCategory).toEqual([
      { category: "Admin", minutes: 35 },
      { category: "Design", minutes: 35 },
    ]);
  });

  it("an offset time zone is honoured or refused, never inverted", async () => {
    at("2026-05-10T22:00:00.000Z"); // 03:00 on 11 May at UTC+5
    const res = await me.get<AnalyticsResponse>(`/api/analytics?range=7&tz=${encodeURIComponent("+05:00")}`);
    if (res.status !== 400) {
      expect(res.status).toBe(200);
      // Regression: "+05:00" passes the Intl check but PostgreSQL reads it as POSIX (UTC-5): the last day
      // comes out as 10 May instead of 11 May.
      expect(res.body.days[6]!.date).toBe("2026-05-11");
    }
  });

  it("shows another person only their own data", async () => {
    const res = await analytics(other, "range=7&tz=UTC");
    expect(res.days).toEqual(
      week(
        MAY_4_TO_10,
        { "2026-05-08": { tasksCompleted: 1, minutesTracked: 60, focusSessions: 1 } },
        {
          "2026-05-04": 0,
          "2026-05-05": 0,
          "2026-05-06": 0,
          "2026-05-07": 0,
          "2026-05-08": 1,
          "2026-05-09": 1,
          "2026-05-10": 1,
        },
        2,
      ),
    );
    expect(res.byCategory).toEqual([{ category: "Meeting", minutes: 60 }]);
    expect(res.metrics).toEqual({
      completionRate: 0.5,
      totalTasks: 2,
      totalHours: 1,
      focusSessions: 1,
      productivityScore: 50,
    });
  });

  it("a new person gets a full table of zeros", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await analytics(client, "range=7");
    expect(res.days).toEqual(week(MAY_4_TO_10, {}, Object.fromEntries(MAY_4_TO_10.map((d) => [d, 0])), 1));
    expect(res.byCategory).toEqual([]);
    expect(res.metrics).toEqual({
      completionRate: 0,
      totalTasks: 0,
      totalHours: 0,
      focusSessions: 0,
      productivityScore: 0,
    });
  });

  it("refuses a bad range, an unknown time zone or parameter with 400", async () => {
    at(TODAY);
    for (const query of ["range=14", "range=abc", "range=7.0", "tz=Mars%2FOlympus", "days=7"]) {
      const res = await me.get<ErrorBody>(`/api/analytics?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(3);
    }
    const res = await me.get<ErrorBody>("/api/analytics?range=14");
    expect(res.body.error.message).toBe("Range must be 7, 30 or 90 days");
  });

  it("answers 401 when signed out", async () => {
    const { client } = await createVerifiedUser(server);
    client.clearCookies();
    expect((await client.get("/api/analytics")).status).toBe(401);
    expect((await client.get("/api/overview")).status).toBe(401);
    expect((await client.get("/api/calendar?from=2026-05-04T00:00:00Z&to=2026-05-11T00:00:00Z")).status).toBe(
      401,
    );
  });
});

describe("GET /api/overview", () => {
  it("counts tasks and the time saved on completed, tracked tasks", async () => {
    at(TODAY);
    const res = await ok(me.get<OverviewResponse>("/api/overview"));
    // Completed and tracked: T1 60-45, T2 30-20, T6 45-60, T7 30-30 → 15 + 10 - 15 + 0 = 10.
    // T4 is completed but never tracked, so its estimate does not count as saved.
    expect(res).toEqual({
      totalTasks: 7,
      completedTasks: 5,
      openTasks: 2,
      timeSavedMinutes: 10,
      productivity: 71,
      completionRate: 5 / 7,
    });
  });

  it("is per person", async () => {
    const res = await ok(other.get<OverviewResponse>("/api/overview"));
    // Q1: estimate 30, tracked 60: never below zero.
    expect(res).toEqual({
      totalTasks: 2,
      completedTasks: 1,
      openTasks: 1,
      timeSavedMinutes: 0,
      productivity: 50,
      completionRate: 0.5,
    });
    const { client } = await createVerifiedUser(server);
    expect(await ok(client.get<OverviewResponse>("/api/overview"))).toEqual({
      totalTasks: 0,
      completedTasks: 0,
      openTasks: 0,
      timeSavedMinutes: 0,
      productivity: 0,
      completionRate: 0,
    });
  });
});

describe("GET /api/calendar", () => {
  const WEEK = "from=2026-05-04T00:00:00Z&to=2026-05-11T00:00:00Z";

  it("lists the person's tasks by deadline in [from, to) and the time blocks that overlap it", async () => {
    const res = await ok(me.get<CalendarItemsResponse>(`/api/calendar?${WEEK}`));
    // T4 exactly at `from` is in; T1 exactly at `to` is out; T3 (12 May) is out.
    expect(res.tasks.map((t) => t.title)).toEqual(["T4 paper", "T5 plan", "T2 mockups"]);
    expect(res.tasks[0]).toEqual({
      id: ids.t4,
      title: "T4 paper",
      deadline: "2026-05-04T00:00:00.000Z",
      estimatedMinutes: 120,
      category: "Research",
      completed: true,
      priority: "medium",
      // It happens once (decision 265: a repeating task's rule in words).
      repeats: null,
    });
    expect(res.timeBlocks.map((b) => [b.title, b.startTime, b.endTime])).toEqual([
      ["T1 build", "2026-05-08T09:00:00.000Z", "2026-05-08T09:45:30.000Z"],
      ["T2 mockups", "2026-05-09T14:00:00.000Z", "2026-05-09T14:20:00.000Z"],
      ["T3 inbox", "2026-05-10T08:00:00.000Z", "2026-05-10T08:50:00.000Z"],
      ["T5 plan", "2026-05-10T11:00:00.000Z", null], // running
    ]);
    expect(res.timeBlocks[0]).toMatchObject({ taskId: ids.t1, category: "Development" });
    expect(res.events).toEqual([]);
    const text = JSON.stringify(res);
    expect(text).not.toContain("Q1");
    expect(text).not.toContain(ids.q1);
  });

  it("another person sees only their own items", async () => {
    const res = await ok(other.get<CalendarItemsResponse>(`/api/calendar?${WEEK}`));
    expect(res.tasks.map((t) => t.id)).toEqual([ids.q1]);
    expect(res.timeBlocks.map((b) => [b.taskId, b.startTime])).toEqual([
      [ids.q1, "2026-05-08T11:00:00.000Z"],
    ]);
    expect(JSON.stringify(res)).not.toMatch(/T\d (build|mockups|inbox|paper|plan)/);
  });

  it("a narrower window keeps only what overlaps it", async () => {
    const res = await ok(
      me.get<CalendarItemsResponse>("/api/calendar?from=2026-05-09T14:10:00Z&to=2026-05-10T08:00:00Z"),
    );
    expect(res.tasks).toEqual([]);
    // T2's block (14:00-14:20) overlaps; T3's starts exactly at `to`, so it is out.
    expect(res.timeBlocks.map((b) => b.title)).toEqual(["T2 mockups"]);
  });

  it("refuses from after to, an equal pair, more than 62 days or malformed dates with 400", async () => {
    for (const query of [
      "from=2026-05-11T00:00:00Z&to=2026-05-04T00:00:00Z",
      "from=2026-05-04T00:00:00Z&to=2026-05-04T00:00:00Z",
      "from=2026-01-01T00:00:00Z&to=2026-05-01T00:00:00Z",
      "from=yesterday&to=2026-05-04T00:00:00Z",
      "from=2026-05-04T00:00:00Z",
      "",
    ]) {
      const res = await me.get<ErrorBody>(`/api/calendar?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(3);
    }
    const backwards = await me.get<ErrorBody>(
      "/api/calendar?from=2026-05-11T00:00:00Z&to=2026-05-04T00:00:00Z",
    );
    expect(backwards.body.error.message).toBe("to must be after from");
  });
});
