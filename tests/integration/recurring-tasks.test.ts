// Repeating tasks (issue 24, points 1 to 3; decisions 235 and 236): a series is one task whose open
// occurrence is the task; completing records the occurrence (with its time) and opens the next,
// after completion counting from when it was done; skipping; editing this occurrence or the whole
// series; the last occurrence completes the task; concurrent completes advance once; bad rules 400
// with nothing stored. One server for the file.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { taskOccurrences, tasks, timeLogs } from "#server/db/schema/tasks.ts";
import type { HistoryListResponse } from "#shared/contracts/comments.ts";
import type { TaskDetailDto } from "#shared/contracts/subtasks.ts";
import type { OccurrenceActionResponse, TaskDto } from "#shared/contracts/tasks.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();

let me: SignedInPerson;
beforeAll(async () => {
  me = await person();
});

const ZONE = "Europe/Berlin";
const daily = (o: Record<string, unknown> = {}) => ({
  rrule: "FREQ=DAILY",
  start: "2026-12-01T09:00",
  timeZone: ZONE,
  ...o,
});

async function newSeries(title: string, recurrence: Record<string, unknown>) {
  const res = await me.client.post<TaskDto>("/api/tasks", { title, recurrence });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const complete = (id: string, body: Record<string, unknown> = {}) =>
  me.client.post<OccurrenceActionResponse>(`/api/tasks/${id}/occurrences/complete`, body);
const occurrencesOf = (taskId: string) =>
  db().select().from(taskOccurrences).where(eq(taskOccurrences.taskId, taskId));

describe("a repeating task", () => {
  it("is created with its rule, its first date as the deadline", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Stand-up notes", daily({ rrule: "FREQ=WEEKLY;BYDAY=MO,WE" }));
    // 2 Dec 2026 is a Wednesday; 09:00 in Berlin is 08:00 UTC.
    expect(task.deadline).toBe("2026-12-02T08:00:00.000Z");
    expect(task.recurrence).toMatchObject({
      rrule: "FREQ=WEEKLY;BYDAY=MO,WE",
      timeZone: ZONE,
      afterCompletion: false,
      due: "2026-12-02T08:00:00.000Z",
      title: "Stand-up notes",
      done: 0,
    });
  });

  it("completing records the occurrence with its time and subtasks reopen for the next, on schedule", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Water the plants", daily());
    await me.client.post<TaskDetailDto>(`/api/tasks/${task.id}/subtasks`, { title: "Kitchen" });
    // Time tracked on this occurrence: the running timer stops with the completion.
    server.clock.set("2026-12-01T08:00:00Z");
    expect((await me.client.post(`/api/tasks/${task.id}/timer/start`)).status).toBe(200);
    server.clock.set("2026-12-01T08:25:00Z");
    const sub = (await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`)).body.subtasks[0]!;
    await me.client.patch(`/api/tasks/${task.id}/subtasks/${sub.id}`, { done: true });

    const res = await complete(task.id, { due: "2026-12-01T08:00:00.000Z" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recorded).toBe(true);
    expect(res.body.next).toBe("2026-12-02T08:00:00.000Z");
    expect(res.body.occurrence).toMatchObject({
      due: "2026-12-01T08:00:00.000Z",
      outcome: "completed",
      doneAt: "2026-12-01T08:25:00.000Z",
      actualMinutes: 25,
      title: "Water the plants",
    });
    expect(res.body.task).toMatchObject({
      completed: false,
      status: "todo",
      deadline: "2026-12-02T08:00:00.000Z",
      isActive: false,
      actualMinutes: 0,
      subtasksTotal: 1,
      subtasksDone: 0,
    });
    expect(res.body.task.recurrence).toMatchObject({ due: "2026-12-02T08:00:00.000Z", done: 1 });
    // The time log points at the completed occurrence.
    const logs = await db().select().from(timeLogs).where(eq(timeLogs.taskId, task.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.occurrenceId).toBe(res.body.occurrence.id);
    const detail = await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`);
    expect(detail.body.subtasks[0]!.done).toBe(false);

    // The same occurrence completed again (another tab): nothing changes.
    const again = await complete(task.id, { due: "2026-12-01T08:00:00.000Z" });
    expect(again.status).toBe(200);
    expect(again.body.recorded).toBe(false);
    expect(again.body.task.version).toBe(res.body.task.version);
    expect(await occurrencesOf(task.id)).toHaveLength(1);
    // A date that is neither open nor recorded: 409.
    expectError(await complete(task.id, { due: "2026-12-09T08:00:00.000Z" }), 409, /not the open one/);
  });

  it("after completion, the next date counts from when it was done; PATCH completed does the same", async () => {
    server.clock.set("2026-12-01T06:00:00Z");
    const task = await newSeries(
      "Water the ferns",
      daily({ rrule: "FREQ=DAILY;INTERVAL=3", afterCompletion: true }),
    );
    expect(task.deadline).toBe("2026-12-01T08:00:00.000Z");
    // Done two days late, in the evening: due three days after that day, at 09:00.
    server.clock.set("2026-12-03T19:00:00Z");
    const res = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      completed: true,
      version: task.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ completed: false, deadline: "2026-12-06T08:00:00.000Z" });
    expect(res.body.recurrence).toMatchObject({ start: "2026-12-06T09:00", done: 1 });
    // A second device with the version it read: 409, no second advance.
    expectError(
      await me.client.patch(`/api/tasks/${task.id}`, { completed: true, version: task.version }),
      409,
    );
    expect(await occurrencesOf(task.id)).toHaveLength(1);
  });

  it("skipping records a skipped occurrence and advances", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Gym", daily({ rrule: "FREQ=WEEKLY;BYDAY=TU,TH" }));
    const res = await me.client.post<OccurrenceActionResponse>(`/api/tasks/${task.id}/occurrences/skip`, {
      due: task.deadline,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.occurrence.outcome).toBe("skipped");
    expect(res.body.task.deadline).toBe("2026-12-03T08:00:00.000Z");
  });

  it("leaves each completed and skipped occurrence in the task's history, with its date and the next", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Invoices", daily({ rrule: "FREQ=DAILY;COUNT=2" }));
    server.clock.set("2026-12-01T07:00:00Z");
    await me.client.post(`/api/tasks/${task.id}/occurrences/skip`, { due: "2026-12-01T08:00:00.000Z" });
    server.clock.set("2026-12-02T07:00:00Z");
    await complete(task.id, { due: "2026-12-02T08:00:00.000Z" });
    const res = await me.client.get<HistoryListResponse>(`/api/tasks/${task.id}/history`);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e) => [e.kind, e.actor?.id, e.changes.deadline])).toEqual([
      ["created", me.id, undefined],
      ["occurrence_skipped", me.id, { from: "2026-12-01T08:00:00.000Z", to: "2026-12-02T08:00:00.000Z" }],
      // COUNT=2: the second was the last, so the series ended.
      ["occurrence_completed", me.id, { from: "2026-12-02T08:00:00.000Z", to: null }],
    ]);
  });

  it("edits this occurrence or the whole series", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Review inbox", daily());
    // This occurrence: a new title and a later deadline, for this one only.
    const one = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      title: "Review inbox (short)",
      deadline: "2026-12-01T15:00:00.000Z",
      scope: "occurrence",
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.recurrence).toMatchObject({ title: "Review inbox", due: "2026-12-01T08:00:00.000Z" });
    const done = await complete(task.id);
    expect(done.body.occurrence).toMatchObject({
      title: "Review inbox (short)",
      deadline: "2026-12-01T15:00:00.000Z",
    });
    // The next one is back on the rule, with the series' title.
    expect(done.body.task).toMatchObject({ title: "Review inbox", deadline: "2026-12-02T08:00:00.000Z" });

    // The whole series: a new rule; its first date becomes the open one.
    const series = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      recurrence: { rrule: "FREQ=MONTHLY;BYMONTHDAY=-1", start: "2026-12-02T18:00", timeZone: ZONE },
      title: "Review the month",
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    expect(series.body).toMatchObject({ title: "Review the month", deadline: "2026-12-31T17:00:00.000Z" });
    expect(series.body.recurrence).toMatchObject({
      rrule: "FREQ=MONTHLY;BYMONTHDAY=-1",
      title: "Review the month",
    });

    // Stop repeating: the task happens once.
    const once = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, { recurrence: null });
    expect(once.body.recurrence).toBeNull();
    expect(once.body.deadline).toBe("2026-12-31T17:00:00.000Z");
  });

  it("the last occurrence (COUNT or UNTIL) completes the task for good", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Take the pills", daily({ rrule: "FREQ=DAILY;COUNT=2" }));
    const first = await complete(task.id);
    expect(first.body.next).toBe("2026-12-02T08:00:00.000Z");
    const last = await complete(task.id);
    expect(last.body.next).toBeNull();
    expect(last.body.task).toMatchObject({ completed: true, status: "completed" });
    expectError(await complete(task.id), 409, /completed/);

    const until = await newSeries("Advent", daily({ rrule: "FREQ=DAILY;UNTIL=20261202" }));
    await complete(until.id);
    expect((await complete(until.id)).body.task.completed).toBe(true);
  });

  it("two simultaneous completes of one occurrence record it once and advance once", async () => {
    server.clock.set("2026-11-30T12:00:00Z");
    const task = await newSeries("Feed the cat", daily());
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        i % 2 === 0
          ? complete(task.id, { due: task.deadline })
          : me.client.patch<TaskDto>(`/api/tasks/${task.id}`, { completed: true, version: task.version }),
      ),
    );
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const rows = await occurrencesOf(task.id);
    expect(rows).toHaveLength(1);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.deadline?.toISOString()).toBe("2026-12-02T08:00:00.000Z");
    expect(row!.occurrencesDone).toBe(1);
    expect(row!.version).toBe(task.version + 1);
  });
});

describe("bad rules", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["a part that does not parse", daily({ rrule: "FREQ=WEEKLY;BYDAY=XX" }), /BYDAY/],
    ["no date ever", daily({ rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30" }), /never produces a date/],
    ["COUNT 0", daily({ rrule: "FREQ=DAILY;COUNT=0" }), /COUNT/],
    ["UNTIL before the start", daily({ rrule: "FREQ=DAILY;UNTIL=20261101" }), /UNTIL/],
    ["finer than daily", daily({ rrule: "FREQ=HOURLY" }), /finer than daily/],
    ["an interval over 1,000", daily({ rrule: "FREQ=DAILY;INTERVAL=1001" }), /INTERVAL/],
    ["an unknown zone", daily({ timeZone: "Mars/Olympus" }), /time zone/],
  ];
  it.each(cases)("%s: 400, nothing stored", async (_name, recurrence, message) => {
    const before = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, me.id));
    expectError(await me.client.post("/api/tasks", { title: "Bad", recurrence }), 400, message);
    const after = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, me.id));
    expect(after).toHaveLength(before.length);
  });

  it("a bad rule on an existing task changes nothing; completing a task that does not repeat is refused", async () => {
    const res = await me.client.post<TaskDto>("/api/tasks", { title: "Once" });
    expectError(
      await me.client.patch(`/api/tasks/${res.body.id}`, { recurrence: daily({ rrule: "FREQ=SECONDLY" }) }),
      400,
      /finer than daily/,
    );
    const [row] = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, res.body.id), eq(tasks.version, res.body.version)));
    expect(row!.recurrenceRule).toBeNull();
    expectError(await complete(res.body.id), 400, /does not repeat/);
  });
});
