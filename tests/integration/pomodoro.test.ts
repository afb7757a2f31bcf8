// Pomodoro sessions (spec sections 3, 4, 7 and 9): starting a focus phase creates a record with one of
// the allowed focus and break lengths; completing marks it completed with its end time; today's count
// is the person's completed sessions since local midnight. "Now" is the server's injectable clock.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pomodoroSessions } from "#server/db/schema/tasks.ts";
import type { PomodoroSessionDto, PomodoroTodayResponse, TaskDto } from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

type Person = SignedInPerson;

const { server, db, person } = testServerForFile();
const MIN = 60_000;

const startSession = (p: Person, body: Record<string, unknown>) =>
  p.client.post<PomodoroSessionDto>("/api/pomodoro-sessions", body);
const completeSession = (p: Person, id: string) =>
  p.client.post<PomodoroSessionDto>(`/api/pomodoro-sessions/${id}/complete`);
const sessionRow = async (id: string) =>
  (await db().select().from(pomodoroSessions).where(eq(pomodoroSessions.id, id)))[0];
const sessionsOf = (userId: string) =>
  db().select().from(pomodoroSessions).where(eq(pomodoroSessions.userId, userId));
async function sessionCount() {
  const [row] = await db().select({ n: count() }).from(pomodoroSessions);
  return Number(row!.n);
}

describe("starting a session", () => {
  it("accepts every focus length 15, 25, 30, 45, 60 and every break length 5, 10, 15, 20", async () => {
    const p = await person();
    const at = "2026-05-04T09:00:00.000Z";
    server.clock.set(at);
    const combos: Array<[number, number]> = [
      ...[15, 25, 30, 45, 60].map((w): [number, number] => [w, 5]),
      ...[5, 10, 15, 20].map((b): [number, number] => [25, b]),
      [60, 20],
    ];
    for (const [work, brk] of combos) {
      const res = await startSession(p, { durationMinutes: work, breakDurationMinutes: brk });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        taskId: null,
        startTime: at,
        endTime: null,
        durationMinutes: work,
        breakDurationMinutes: brk,
        completed: false,
      });
      const row = await sessionRow(res.body.id);
      expect(row).toMatchObject({
        userId: p.id,
        durationMinutes: work,
        breakDurationMinutes: brk,
        completed: false,
        endTime: null,
      });
      expect(row!.startTime.toISOString()).toBe(at);
    }
    expect(await sessionsOf(p.id)).toHaveLength(combos.length);
  });

  const refused: Array<[string, Record<string, unknown>, RegExp]> = [
    ["focus 20", { durationMinutes: 20, breakDurationMinutes: 5 }, /focus length must be one of/i],
    ["focus 0", { durationMinutes: 0, breakDurationMinutes: 5 }, /focus length/i],
    ["focus -25", { durationMinutes: -25, breakDurationMinutes: 5 }, /focus length/i],
    ["focus 25.5", { durationMinutes: 25.5, breakDurationMinutes: 5 }, /focus length/i],
    ["focus 90", { durationMinutes: 90, breakDurationMinutes: 5 }, /focus length/i],
    ["break 7", { durationMinutes: 25, breakDurationMinutes: 7 }, /break length must be one of/i],
    ["break 0", { durationMinutes: 25, breakDurationMinutes: 0 }, /break length/i],
    ["break 30", { durationMinutes: 25, breakDurationMinutes: 30 }, /break length/i],
    ["focus as a string", { durationMinutes: "25", breakDurationMinutes: 5 }, /duration ?minutes/i],
    ["break as a string", { durationMinutes: 25, breakDurationMinutes: "5" }, /break ?duration ?minutes/i],
    ["focus missing", { breakDurationMinutes: 5 }, /duration ?minutes/i],
    ["break missing", { durationMinutes: 25 }, /break ?duration ?minutes/i],
    ["focus null", { durationMinutes: null, breakDurationMinutes: 5 }, /duration ?minutes/i],
    ["an unknown field", { durationMinutes: 25, breakDurationMinutes: 5, mood: "great" }, /unknown field/i],
    ["a malformed taskId", { durationMinutes: 25, breakDurationMinutes: 5, taskId: "abc" }, /task/i],
  ];
  for (const [name, body, message] of refused) {
    it(`refuses ${name} with 400 and writes nothing`, async () => {
      const p = await person();
      const before = await sessionCount();
      const res = await startSession(p, body);
      expectError(res, 400);
      expect((res.body as unknown as ErrorBody).error.code).toBe("VALIDATION");
      expect(await sessionCount()).toBe(before);
      expect((res.body as unknown as ErrorBody).error.message).toMatch(message);
    });
  }

  it("refuses malformed JSON with 400 and writes nothing", async () => {
    const p = await person();
    const before = await sessionCount();
    const res = await p.client.request("POST", "/api/pomodoro-sessions", { body: "{durationMinutes: 25" });
    expectError(res, 400, /not valid JSON/i);
    expect(await sessionCount()).toBe(before);
  });

  it("links the person's own task; another person's task or an unknown one is 404", async () => {
    const owner = await person();
    const other = await person();
    const task = (await owner.client.post<TaskDto>("/api/tasks", { title: "Focus on this" })).body;

    const own = await startSession(owner, { durationMinutes: 25, breakDurationMinutes: 5, taskId: task.id });
    expect(own.status).toBe(201);
    expect(own.body.taskId).toBe(task.id);
    expect((await sessionRow(own.body.id))!.taskId).toBe(task.id);

    const before = await sessionCount();
    const theirs = await startSession(other, {
      durationMinutes: 25,
      breakDurationMinutes: 5,
      taskId: task.id,
    });
    expectError(theirs, 404, /^Task not found\.$/);
    expect(JSON.stringify(theirs.body)).not.toContain("Focus on this");
    const unknown = await startSession(other, {
      durationMinutes: 25,
      breakDurationMinutes: 5,
      taskId: "00000000-0000-4000-8000-000000000000",
    });
    expectError(unknown, 404);
    expect(await sessionCount()).toBe(before);
    expect(await sessionsOf(other.id)).toHaveLength(0);

    const none = await startSession(other, { durationMinutes: 25, breakDurationMinutes: 5, taskId: null });
    expect(none.status).toBe(201);
    expect(none.body.taskId).toBeNull();
  });

  it("answers 401 when signed out and writes nothing", async () => {
    const p = await person();
    p.client.clearCookies();
    const before = await sessionCount();
    expect((await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 })).status).toBe(401);
    expect((await p.client.get("/api/pomodoro-sessions/today")).status).toBe(401);
    expect(await sessionCount()).toBe(before);
  });
});

describe("completing a session", () => {
  it("marks it completed with the clock's time as end time", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    server.clock.advance(25 * MIN + 3_000);
    const res = await completeSession(p, started.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: started.body.id,
      taskId: null,
      startTime: "2026-05-04T09:00:00.000Z",
      endTime: "2026-05-04T09:25:03.000Z",
      durationMinutes: 25,
      breakDurationMinutes: 5,
      completed: true,
    });
    const row = await sessionRow(started.body.id);
    expect(row!.completed).toBe(true);
    expect(row!.endTime?.toISOString()).toBe("2026-05-04T09:25:03.000Z");
  });

  it("a second completion is a 409 and keeps the first end time", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 15, breakDurationMinutes: 5 });
    server.clock.advance(15 * MIN);
    expect((await completeSession(p, started.body.id)).status).toBe(200);
    const before = await sessionRow(started.body.id);
    server.clock.advance(10 * MIN);
    const again = await completeSession(p, started.body.id);
    expectError(again, 409, /already completed/i);
    expect((again.body as unknown as ErrorBody).error.code).toBe("CONFLICT");
    expect(await sessionRow(started.body.id)).toEqual(before);
  });

  it("two simultaneous completions: one 200, one 409", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    for (let round = 0; round < 5; round++) {
      const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
      server.clock.advance(25 * MIN);
      const answers = await Promise.all([
        completeSession(p, started.body.id),
        completeSession(p, started.body.id),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await sessionRow(started.body.id))!.completed).toBe(true);
    }
  });

  it("someone else's session is 404 and stays open", async () => {
    const owner = await person();
    const other = await person();
    const started = await startSession(owner, { durationMinutes: 25, breakDurationMinutes: 5 });
    const before = await sessionRow(started.body.id);
    const res = await completeSession(other, started.body.id);
    expectError(res, 404, /not found/i);
    expect(await sessionRow(started.body.id)).toEqual(before);
    expect(before!.completed).toBe(false);
  });

  it("an unknown or malformed id is 404", async () => {
    const p = await person();
    expectError(await completeSession(p, "00000000-0000-4000-8000-000000000000"), 404, /not found/i);
    expectError(await completeSession(p, "abc"), 404, /not found/i);
  });
});

describe("completing with the phase's own end time", () => {
  const complete = (p: Person, id: string, body: unknown) =>
    p.client.post<PomodoroSessionDto>(`/api/pomodoro-sessions/${id}/complete`, body);

  it("stores when the focus really ended, even when the call arrives much later", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    // The laptop slept through the end of the focus; the call comes 40 minutes late.
    server.clock.set("2026-05-04T10:05:00.000Z");
    const res = await complete(p, started.body.id, { endTime: "2026-05-04T09:25:00.000Z" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ completed: true, endTime: "2026-05-04T09:25:00.000Z" });
    expect((await sessionRow(started.body.id))!.endTime?.toISOString()).toBe("2026-05-04T09:25:00.000Z");
  });

  it("takes an offset time and a phase that ran longer because it was paused", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 15, breakDurationMinutes: 5 });
    server.clock.set("2026-05-04T09:40:00.000Z");
    const res = await complete(p, started.body.id, { endTime: "2026-05-04T11:30:00+02:00" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.endTime).toBe("2026-05-04T09:30:00.000Z");
  });

  it("a browser clock a few seconds ahead is stored as the server's now, never in the future", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    server.clock.set("2026-05-04T09:25:00.000Z");
    const res = await complete(p, started.body.id, { endTime: "2026-05-04T09:25:20.000Z" });
    expect(res.status).toBe(200);
    expect(res.body.endTime).toBe("2026-05-04T09:25:00.000Z");
  });

  it("refuses an end time in the future or before the focus could have run, and changes nothing", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    server.clock.set("2026-05-04T09:30:00.000Z");
    const before = await sessionRow(started.body.id);
    const cases: Array<[unknown, RegExp]> = [
      [{ endTime: "2026-05-04T09:40:00.000Z" }, /cannot be in the future/],
      [{ endTime: "2026-05-04T09:05:00.000Z" }, /before the 25-minute focus has run/],
      [{ endTime: "2026-05-04T08:00:00.000Z" }, /before the 25-minute focus has run/],
      [{ endTime: "soon" }, /endTime must be a date and time/],
      [{ endTime: 1_777_880_000_000 }, /endTime/],
      [{ endedAt: "2026-05-04T09:25:00.000Z" }, /Unknown field: endedAt/],
    ];
    for (const [body, message] of cases) {
      const res = await complete(p, started.body.id, body);
      expectError(res, 400, message);
      expect((res.body as unknown as ErrorBody).error.code).toBe("VALIDATION");
    }
    expect(await sessionRow(started.body.id)).toEqual(before);
    expect(before!.completed).toBe(false);
    // A sensible end time still completes it afterwards.
    expect((await complete(p, started.body.id, { endTime: "2026-05-04T09:25:00.000Z" })).status).toBe(200);
  });

  it("a call with no body at all still completes at the server's time", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    server.clock.set("2026-05-04T09:26:00.000Z");
    const res = await p.client.request<PomodoroSessionDto>(
      "POST",
      `/api/pomodoro-sessions/${started.body.id}/complete`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.endTime).toBe("2026-05-04T09:26:00.000Z");
  });

  it("someone else's session is still 404 with a valid end time", async () => {
    const owner = await person();
    const other = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const started = await startSession(owner, { durationMinutes: 25, breakDurationMinutes: 5 });
    server.clock.set("2026-05-04T09:30:00.000Z");
    expectError(await complete(other, started.body.id, { endTime: "2026-05-04T09:25:00.000Z" }), 404);
    expect((await sessionRow(started.body.id))!.completed).toBe(false);
  });
});

describe("today's count", () => {
  // 03:00 UTC on 5 May is 23:00 on 4 May in New York (EDT, UTC-4).
  const NOW = "2026-05-05T03:00:00.000Z";

  async function session(p: Person, startAt: string, complete: boolean) {
    server.clock.set(startAt);
    const res = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    expect(res.status).toBe(201);
    if (complete) {
      server.clock.advance(25 * MIN);
      expect((await completeSession(p, res.body.id)).status).toBe(200);
    }
    return res.body.id;
  }

  it("counts completed sessions since local midnight of the given time zone", async () => {
    const p = await person();
    const other = await person();
    const s4 = await session(p, "2026-05-04T03:30:00.000Z", true); // NY 23:30 on 3 May; UTC 4 May
    const s5 = await session(p, "2026-05-04T04:30:00.000Z", true); // NY 00:30 on 4 May
    const s1 = await session(p, "2026-05-04T23:30:00.000Z", true); // NY 19:30 on 4 May; UTC 4 May
    const s2 = await session(p, "2026-05-05T00:30:00.000Z", true); // UTC 5 May; NY 20:30 on 4 May
    const s3 = await session(p, "2026-05-05T02:00:00.000Z", false); // today everywhere, not completed
    await session(other, "2026-05-05T01:00:00.000Z", true); // someone else's
    await session(other, "2026-05-04T12:00:00.000Z", true);

    server.clock.set(NOW);
    const utc = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today?tz=UTC");
    expect(utc.status).toBe(200);
    expect(utc.body.count).toBe(1);
    expect(utc.body.sessions.map((s) => s.id)).toEqual([s2, s3]);

    const byDefault = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today");
    expect(byDefault.body.count).toBe(1);

    const ny = await p.client.get<PomodoroTodayResponse>(
      "/api/pomodoro-sessions/today?tz=America%2FNew_York",
    );
    expect(ny.status).toBe(200);
    expect(ny.body.count).toBe(3);
    expect(ny.body.sessions.map((s) => s.id)).toEqual([s5, s1, s2, s3]);
    expect(ny.body.sessions.map((s) => s.completed)).toEqual([true, true, true, false]);
    expect(ny.body.sessions.map((s) => s.id)).not.toContain(s4);

    // 05:00 UTC: New York's new day started at 04:00 UTC, so nothing from 4 May counts any more.
    server.clock.set("2026-05-05T05:00:00.000Z");
    const nextNy = await p.client.get<PomodoroTodayResponse>(
      "/api/pomodoro-sessions/today?tz=America%2FNew_York",
    );
    expect(nextNy.body.count).toBe(0);
    expect(nextNy.body.sessions).toEqual([]);
  });

  it("goes up when a session completes", async () => {
    const p = await person();
    server.clock.set("2026-05-05T10:00:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    const before = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today?tz=UTC");
    expect(before.body.count).toBe(0);
    expect(before.body.sessions).toHaveLength(1);
    server.clock.advance(25 * MIN);
    await completeSession(p, started.body.id);
    const after = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today?tz=UTC");
    expect(after.body.count).toBe(1);
  });

  it("counts a session that started before midnight and completes after it", async () => {
    // Spec section 4: on focus completion "today's count goes up".
    const p = await person();
    server.clock.set("2026-05-04T23:50:00.000Z");
    const started = await startSession(p, { durationMinutes: 25, breakDurationMinutes: 5 });
    server.clock.set("2026-05-05T00:15:00.000Z");
    const before = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today?tz=UTC");
    expect((await completeSession(p, started.body.id)).status).toBe(200);
    const after = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today?tz=UTC");
    // Regression: src/server/modules/pomodoro/pomodoro.ts pomodoroToday selects sessions by start_time >=
    // local midnight, so a focus phase completed at 00:15 that began at 23:50 never counts for today
    // (nor for yesterday once the day has passed): completing it does not make the count go up.
    expect(after.body.count).toBe(before.body.count + 1);
  });

  it("lists the latest 100 of today's sessions, oldest first, and still counts every completed one", async () => {
    const p = await person();
    server.clock.set("2026-05-05T20:00:00.000Z");
    // 130 today (a minute apart from 06:00 UTC, the first 120 completed) and one yesterday.
    const at = (minute: number) => new Date(Date.parse("2026-05-05T06:00:00.000Z") + minute * MIN);
    await db()
      .insert(pomodoroSessions)
      .values([
        ...Array.from({ length: 130 }, (_, i) => ({
          userId: p.id,
          startTime: at(i),
          endTime: i < 120 ? at(i + 1) : null,
          durationMinutes: 15,
          breakDurationMinutes: 5,
          completed: i < 120,
        })),
        {
          userId: p.id,
          startTime: at(-24 * 60),
          endTime: at(-24 * 60 + 15),
          durationMinutes: 15,
          breakDurationMinutes: 5,
          completed: true,
        },
      ]);
    const today = await p.client.get<PomodoroTodayResponse>("/api/pomodoro-sessions/today?tz=UTC");
    expect(today.status).toBe(200);
    expect(today.body.count).toBe(120);
    expect(today.body.sessions).toHaveLength(100);
    expect(today.body.sessions.map((s) => s.startTime)).toEqual(
      Array.from({ length: 100 }, (_, i) => at(30 + i).toISOString()),
    );
  });

  it("refuses an unknown time zone or an unknown parameter with 400", async () => {
    const p = await person();
    expectError(await p.client.get("/api/pomodoro-sessions/today?tz=Mars%2FOlympus"), 400, /time zone/i);
    expectError(await p.client.get("/api/pomodoro-sessions/today?day=monday"), 400, /unknown/i);
  });
});
