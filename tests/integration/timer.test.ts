// The task timer (spec section 4): start sets is_active and active_start_time and opens one time log;
// stop clears them, adds the elapsed whole minutes to actual_minutes and closes the open log. One
// running timer per person, even under simultaneous starts. "Now" is the server's injectable clock.
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tasks, timeLogs } from "#server/db/schema/tasks.ts";
import type { TaskDto, TimeLogDto, TimerStartResponse, TimerStopResponse } from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { type SignedInPerson, testServerForFile } from "../support/integration.ts";

type Person = SignedInPerson;

const { server, db, person } = testServerForFile();
const MIN = 60_000;

async function newTask(p: Person, body: Record<string, unknown> = {}): Promise<TaskDto> {
  const res = await p.client.post<TaskDto>("/api/tasks", { title: "Write the report", ...body });
  expect(res.status).toBe(201);
  return res.body;
}

const taskRow = async (id: string) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!;
const logsOfTask = (id: string) => db().select().from(timeLogs).where(eq(timeLogs.taskId, id));
const logsOfPerson = (userId: string) => db().select().from(timeLogs).where(eq(timeLogs.userId, userId));
const openLogsOf = (userId: string) =>
  db()
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.userId, userId), isNull(timeLogs.endTime)));
const activeTasksOf = (userId: string) =>
  db()
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.isActive, true)));

const start = (p: Person, id: string) => p.client.post<TimerStartResponse>(`/api/tasks/${id}/timer/start`);
const stop = (p: Person, id: string) => p.client.post<TimerStopResponse>(`/api/tasks/${id}/timer/stop`);

describe("starting the timer", () => {
  it("sets isActive and activeStartTime to now and opens exactly one time log", async () => {
    const p = await person();
    const at = "2026-05-04T09:00:00.000Z";
    server.clock.set(at);
    const task = await newTask(p);
    expect(task.isActive).toBe(false);
    expect(await logsOfTask(task.id)).toHaveLength(0);

    const res = await start(p, task.id);
    expect(res.status).toBe(200);
    expect(res.body.stopped).toBeNull();
    expect(res.body.task).toMatchObject({
      id: task.id,
      isActive: true,
      activeStartTime: at,
      status: "in_progress",
      actualMinutes: 0,
      completed: false,
    });

    const row = await taskRow(task.id);
    expect(row.isActive).toBe(true);
    expect(row.activeStartTime?.toISOString()).toBe(at);
    const logs = await logsOfTask(task.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.userId).toBe(p.id);
    expect(logs[0]!.startTime.toISOString()).toBe(at);
    expect(logs[0]!.endTime).toBeNull();
    expect(logs[0]!.durationMinutes).toBeNull();

    const listed = await p.client.get<{ timeLogs: TimeLogDto[] }>(`/api/tasks/${task.id}/time-logs`);
    expect(listed.status).toBe(200);
    expect(listed.body.timeLogs).toEqual([
      { id: logs[0]!.id, taskId: task.id, startTime: at, endTime: null, durationMinutes: null },
    ]);
  });

  it("is idempotent on a task that is already running: no second log, the start time is kept", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const task = await newTask(p);
    expect((await start(p, task.id)).status).toBe(200);
    server.clock.advance(5 * MIN);
    const again = await start(p, task.id);
    expect(again.status).toBe(200);
    expect(again.body.stopped).toBeNull();
    expect(again.body.task.isActive).toBe(true);
    expect(again.body.task.activeStartTime).toBe("2026-05-04T09:00:00.000Z");
    expect(await logsOfTask(task.id)).toHaveLength(1);
    expect(await openLogsOf(p.id)).toHaveLength(1);
    expect((await taskRow(task.id)).activeStartTime?.toISOString()).toBe("2026-05-04T09:00:00.000Z");
  });

  it("starting a second task stops the first, keeping its minutes; one active task and one open log", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const first = await newTask(p, { title: "First" });
    const second = await newTask(p, { title: "Second" });
    expect((await start(p, first.id)).status).toBe(200);
    server.clock.advance(12 * MIN + 59_000);

    const res = await start(p, second.id);
    expect(res.status).toBe(200);
    expect(res.body.task).toMatchObject({ id: second.id, isActive: true });
    expect(res.body.stopped).not.toBeNull();
    expect(res.body.stopped!.minutes).toBe(12);
    expect(res.body.stopped!.task).toMatchObject({
      id: first.id,
      isActive: false,
      activeStartTime: null,
      actualMinutes: 12,
    });

    const active = await activeTasksOf(p.id);
    expect(active.map((t) => t.id)).toEqual([second.id]);
    const open = await openLogsOf(p.id);
    expect(open).toHaveLength(1);
    expect(open[0]!.taskId).toBe(second.id);
    const firstLogs = await logsOfTask(first.id);
    expect(firstLogs).toHaveLength(1);
    expect(firstLogs[0]!.durationMinutes).toBe(12);
    expect(firstLogs[0]!.endTime?.toISOString()).toBe("2026-05-04T09:12:59.000Z");
    expect((await taskRow(first.id)).actualMinutes).toBe(12);
  });

  it("on a completed task answers 409 and opens nothing", async () => {
    const p = await person();
    const task = await newTask(p);
    expect((await p.client.patch(`/api/tasks/${task.id}`, { completed: true })).status).toBe(200);
    const before = await taskRow(task.id);
    const res = await start(p, task.id);
    expect(res.status).toBe(409);
    expect((res.body as unknown as ErrorBody).error.code).toBe("CONFLICT");
    expect((res.body as unknown as ErrorBody).error.message).toMatch(/completed/i);
    expect(await taskRow(task.id)).toEqual(before);
    expect(await logsOfPerson(p.id)).toHaveLength(0);
  });

  it("does not stop another running task when the start is refused (completed task)", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const running = await newTask(p, { title: "Running" });
    const done = await newTask(p, { title: "Done" });
    expect((await p.client.patch(`/api/tasks/${done.id}`, { completed: true })).status).toBe(200);
    expect((await start(p, running.id)).status).toBe(200);
    server.clock.advance(10 * MIN);
    expect((await start(p, done.id)).status).toBe(409);
    const row = await taskRow(running.id);
    expect(row.isActive).toBe(true);
    expect(row.actualMinutes).toBe(0);
    expect(await openLogsOf(p.id)).toHaveLength(1);
  });
});

describe("stopping the timer", () => {
  it("adds the whole elapsed minutes and closes the log with the clock's time", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const task = await newTask(p);
    expect((await start(p, task.id)).status).toBe(200);
    server.clock.advance(25 * MIN + 40_000);

    const res = await stop(p, task.id);
    expect(res.status).toBe(200);
    expect(res.body.minutes).toBe(25);
    expect(res.body.task).toMatchObject({
      id: task.id,
      isActive: false,
      activeStartTime: null,
      actualMinutes: 25,
    });

    const row = await taskRow(task.id);
    expect(row.isActive).toBe(false);
    expect(row.activeStartTime).toBeNull();
    expect(row.actualMinutes).toBe(25);
    const logs = await logsOfTask(task.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.endTime?.toISOString()).toBe("2026-05-04T09:25:40.000Z");
    expect(logs[0]!.durationMinutes).toBe(25);
    expect(await openLogsOf(p.id)).toHaveLength(0);

    const listed = await p.client.get<{ timeLogs: TimeLogDto[] }>(`/api/tasks/${task.id}/time-logs`);
    expect(listed.body.timeLogs).toEqual([
      {
        id: logs[0]!.id,
        taskId: task.id,
        startTime: "2026-05-04T09:00:00.000Z",
        endTime: "2026-05-04T09:25:40.000Z",
        durationMinutes: 25,
      },
    ]);
  });

  it("accumulates across several runs and lists the logs newest first", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const task = await newTask(p);
    expect((await start(p, task.id)).status).toBe(200);
    server.clock.advance(10 * MIN + 30_000);
    expect((await stop(p, task.id)).body.minutes).toBe(10);
    server.clock.advance(60 * MIN);
    expect((await start(p, task.id)).status).toBe(200);
    server.clock.advance(7 * MIN + 59_999);
    const second = await stop(p, task.id);
    expect(second.body.minutes).toBe(7);
    expect(second.body.task.actualMinutes).toBe(17);
    expect((await taskRow(task.id)).actualMinutes).toBe(17);

    const listed = await p.client.get<{ timeLogs: TimeLogDto[] }>(`/api/tasks/${task.id}/time-logs`);
    expect(listed.body.timeLogs.map((l) => [l.startTime, l.durationMinutes])).toEqual([
      ["2026-05-04T10:10:30.000Z", 7],
      ["2026-05-04T09:00:00.000Z", 10],
    ]);
  });

  it("under a minute adds 0 minutes but still closes the log", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const task = await newTask(p);
    await start(p, task.id);
    server.clock.advance(59_000);
    const res = await stop(p, task.id);
    expect(res.status).toBe(200);
    expect(res.body.minutes).toBe(0);
    expect(res.body.task.actualMinutes).toBe(0);
    const [log] = await logsOfTask(task.id);
    expect(log!.endTime?.toISOString()).toBe("2026-05-04T09:00:59.000Z");
    expect(log!.durationMinutes).toBe(0);
  });

  it("on a task that is not running answers 409 and changes nothing", async () => {
    const p = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const task = await newTask(p);
    // never started
    const before = await taskRow(task.id);
    const res = await stop(p, task.id);
    expect(res.status).toBe(409);
    expect((res.body as unknown as ErrorBody).error.code).toBe("CONFLICT");
    expect((res.body as unknown as ErrorBody).error.message).toMatch(/not running/i);
    expect(await taskRow(task.id)).toEqual(before);
    expect(await logsOfPerson(p.id)).toHaveLength(0);

    // started and stopped: a second stop is refused and the closed log is untouched
    await start(p, task.id);
    server.clock.advance(5 * MIN);
    expect((await stop(p, task.id)).status).toBe(200);
    const afterFirstStop = await taskRow(task.id);
    const logsAfterFirstStop = await logsOfTask(task.id);
    server.clock.advance(5 * MIN);
    const again = await stop(p, task.id);
    expect(again.status).toBe(409);
    expect(await taskRow(task.id)).toEqual(afterFirstStop);
    expect(await logsOfTask(task.id)).toEqual(logsAfterFirstStop);
    expect(afterFirstStop.actualMinutes).toBe(5);
  });

  it("counts minutes across midnight (23:50 to 00:20 next day is 30 minutes)", async () => {
    const p = await person();
    server.clock.set("2026-06-30T23:50:00.000Z");
    const task = await newTask(p);
    await start(p, task.id);
    server.clock.set("2026-07-01T00:20:00.000Z");
    const res = await stop(p, task.id);
    expect(res.body.minutes).toBe(30);
    expect(res.body.task.actualMinutes).toBe(30);
    const [log] = await logsOfTask(task.id);
    expect(log!.durationMinutes).toBe(30);
  });

  it("counts real elapsed minutes across a daylight-saving change (00:30Z to 02:30Z on 2026-03-29 is 120)", async () => {
    const p = await person();
    server.clock.set("2026-03-29T00:30:00.000Z");
    const task = await newTask(p);
    await start(p, task.id);
    server.clock.set("2026-03-29T02:30:00.000Z");
    const res = await stop(p, task.id);
    expect(res.body.minutes).toBe(120);
    const [log] = await logsOfTask(task.id);
    expect(log!.durationMinutes).toBe(120);
    expect((await taskRow(task.id)).actualMinutes).toBe(120);
  });

  it("counts real elapsed minutes across the autumn change (2026-10-25 00:30Z to 01:30Z is 60)", async () => {
    const p = await person();
    server.clock.set("2026-10-25T00:30:00.000Z");
    const task = await newTask(p);
    await start(p, task.id);
    server.clock.set("2026-10-25T01:30:00.000Z");
    expect((await stop(p, task.id)).body.minutes).toBe(60);
  });
});

describe("simultaneous starts", () => {
  for (let round = 1; round <= 5; round++) {
    it(`never leave two open logs or two active tasks (round ${round})`, async () => {
      const p = await person();
      server.clock.set("2026-05-04T09:00:00.000Z");
      const a = await newTask(p, { title: "A" });
      const b = await newTask(p, { title: "B" });

      // The same task twice at once: one log, one active task.
      const same = await Promise.all([start(p, a.id), start(p, a.id)]);
      expect(same.map((r) => r.status)).toEqual([200, 200]);
      expect(await logsOfTask(a.id)).toHaveLength(1);
      expect((await openLogsOf(p.id)).map((l) => l.taskId)).toEqual([a.id]);
      expect((await activeTasksOf(p.id)).map((t) => t.id)).toEqual([a.id]);
      // Nothing else was running, so neither answer reports a stopped task.
      expect(same.every((r) => r.body.stopped === null)).toBe(true);

      server.clock.advance(3 * MIN);
      expect((await stop(p, a.id)).body.minutes).toBe(3);

      // Two different tasks at once: whichever wins, exactly one runs and one log is open.
      const both = await Promise.all([start(p, a.id), start(p, b.id)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const active = await activeTasksOf(p.id);
      expect(active).toHaveLength(1);
      const open = await openLogsOf(p.id);
      expect(open).toHaveLength(1);
      expect(open[0]!.taskId).toBe(active[0]!.id);
      // Exactly one of the two starts stopped the other.
      expect(both.filter((r) => r.body.stopped !== null)).toHaveLength(1);
      // Every closed log has its end and duration.
      const closed = (await logsOfPerson(p.id)).filter((l) => l.endTime !== null);
      expect(closed).toHaveLength(2);
      expect(closed.every((l) => l.durationMinutes !== null)).toBe(true);

      // While one runs, three simultaneous starts (a new task twice, the idle one once) still leave one.
      const c = await newTask(p, { title: "C" });
      const idle = active[0]!.id === a.id ? b.id : a.id;
      const third = await Promise.all([start(p, c.id), start(p, idle), start(p, c.id)]);
      expect(third.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await activeTasksOf(p.id)).toHaveLength(1);
      expect(await openLogsOf(p.id)).toHaveLength(1);
    });
  }
});

describe("other simultaneous calls", () => {
  for (let round = 1; round <= 5; round++) {
    it(`two simultaneous stops add the minutes once (round ${round})`, async () => {
      const p = await person();
      server.clock.set("2026-05-04T09:00:00.000Z");
      const task = await newTask(p);
      await start(p, task.id);
      server.clock.advance(9 * MIN);
      const answers = await Promise.all([stop(p, task.id), stop(p, task.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const row = await taskRow(task.id);
      expect(row.actualMinutes).toBe(9);
      expect(row.isActive).toBe(false);
      const logs = await logsOfTask(task.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]!.durationMinutes).toBe(9);
    });

    it(`completing and starting at once never leaves a completed task running (round ${round})`, async () => {
      const p = await person();
      server.clock.set("2026-05-04T09:00:00.000Z");
      const task = await newTask(p);
      const [completed, started] = await Promise.all([
        p.client.patch<TaskDto>(`/api/tasks/${task.id}`, { completed: true }),
        start(p, task.id),
      ]);
      expect(completed.status).toBe(200);
      expect([200, 409]).toContain(started.status);
      const row = await taskRow(task.id);
      expect(row.completed).toBe(true);
      expect(row.isActive).toBe(false);
      expect(await openLogsOf(p.id)).toHaveLength(0);
    });
  }
});

describe("someone else's task", () => {
  it("answers 404 to start, stop and time-logs, and changes nothing", async () => {
    const owner = await person();
    const other = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const idle = await newTask(owner, { title: "Idle" });
    const running = await newTask(owner, { title: "Running" });
    expect((await start(owner, running.id)).status).toBe(200);
    const idleBefore = await taskRow(idle.id);
    const runningBefore = await taskRow(running.id);
    const logsBefore = await logsOfPerson(owner.id);

    server.clock.advance(10 * MIN);
    for (const res of [
      await start(other, idle.id),
      await start(other, running.id),
      await stop(other, running.id),
      await stop(other, idle.id),
      await other.client.get(`/api/tasks/${running.id}/time-logs`),
    ]) {
      expect(res.status).toBe(404);
      expect((res.body as unknown as ErrorBody).error.message).toBe("Task not found.");
      expect(JSON.stringify(res.body)).not.toContain("Running");
    }

    expect(await taskRow(idle.id)).toEqual(idleBefore);
    expect(await taskRow(running.id)).toEqual(runningBefore);
    expect(await logsOfPerson(owner.id)).toEqual(logsBefore);
    expect(await logsOfPerson(other.id)).toHaveLength(0);
    expect(await activeTasksOf(other.id)).toHaveLength(0);
  });

  it("a running timer of one person does not stop when another person starts theirs", async () => {
    const one = await person();
    const two = await person();
    server.clock.set("2026-05-04T09:00:00.000Z");
    const t1 = await newTask(one);
    const t2 = await newTask(two);
    expect((await start(one, t1.id)).status).toBe(200);
    const res = await start(two, t2.id);
    expect(res.status).toBe(200);
    expect(res.body.stopped).toBeNull();
    expect((await taskRow(t1.id)).isActive).toBe(true);
    expect((await taskRow(t2.id)).isActive).toBe(true);
  });

  it("a malformed task id answers 404", async () => {
    const p = await person();
    for (const res of [
      await p.client.post("/api/tasks/abc/timer/start"),
      await p.client.post("/api/tasks/abc/timer/stop"),
      await p.client.get("/api/tasks/abc/time-logs"),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await logsOfPerson(p.id)).toHaveLength(0);
  });

  it("signed out answers 401", async () => {
    const p = await person();
    const task = await newTask(p);
    p.client.clearCookies();
    expect((await start(p, task.id)).status).toBe(401);
    expect((await taskRow(task.id)).isActive).toBe(false);
  });
});
