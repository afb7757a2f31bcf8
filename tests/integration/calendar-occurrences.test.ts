// GET /api/calendar with repeating tasks (issue 24 point 3, decision 265): the open occurrence is the
// task (its deadline); the future occurrences of a series on schedule are expanded from its rule in
// the person's zone, within the range, after the open one; a skipped date never shows; an
// after-completion series shows only its open occurrence; ?projectId= narrows them to one project;
// another person's series never shows.
import { beforeAll, describe, expect, it } from "vitest";
import { taskOccurrences } from "#server/db/schema/tasks.ts";
import type { CalendarItemsResponse, OccurrenceActionResponse, TaskDto } from "#shared/contracts/tasks.ts";
import { type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();
const ZONE = "Europe/Berlin";

let me: SignedInPerson;
let other: SignedInPerson;
beforeAll(async () => {
  me = await person();
  other = await person();
});

async function newSeries(p: SignedInPerson, title: string, recurrence: Record<string, unknown>, extra = {}) {
  const res = await p.client.post<TaskDto>("/api/tasks", {
    title,
    recurrence: { timeZone: ZONE, ...recurrence },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function calendar(p: SignedInPerson, from: string, to: string, projectId?: string) {
  const q = `from=${from}&to=${to}${projectId ? `&projectId=${projectId}` : ""}`;
  const res = await p.client.get<CalendarItemsResponse>(`/api/calendar?${q}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const datesOf = (body: CalendarItemsResponse, taskId: string) =>
  (body.occurrences ?? []).filter((o) => o.taskId === taskId).map((o) => o.at);

describe("future occurrences in the calendar", () => {
  it("expands a weekly series in the person's zone after its open occurrence, through a DST change", async () => {
    server.clock.set("2026-10-01T12:00:00Z");
    // Mondays and Thursdays at 08:30 in Berlin; the clocks go back on Sunday 25 October 2026.
    const task = await newSeries(me, "Gym", {
      rrule: "FREQ=WEEKLY;BYDAY=MO,TH",
      start: "2026-10-19T08:30",
    });
    expect(task.deadline).toBe("2026-10-19T06:30:00.000Z");
    const body = await calendar(me, "2026-10-19T00:00:00.000Z", "2026-11-02T00:00:00.000Z");
    // The open occurrence is the task itself, marked as repeating.
    const open = body.tasks.find((t) => t.id === task.id);
    expect(open).toMatchObject({
      deadline: "2026-10-19T06:30:00.000Z",
      repeats: "Every Monday and Thursday at 08:30",
    });
    expect(datesOf(body, task.id)).toEqual([
      "2026-10-22T06:30:00.000Z",
      // 08:30 in Berlin is 07:30 UTC after the change.
      "2026-10-26T07:30:00.000Z",
      "2026-10-29T07:30:00.000Z",
    ]);
    expect(body.series?.find((s) => s.taskId === task.id)).toMatchObject({
      title: "Gym",
      category: "General",
      repeats: "Every Monday and Thursday at 08:30",
    });
  });

  it("leaves out the skipped and finished dates: only those after the open one show", async () => {
    server.clock.set("2026-12-01T06:00:00Z");
    const task = await newSeries(me, "Water the plants", { rrule: "FREQ=DAILY", start: "2026-12-01T09:00" });
    const skip = await me.client.post<OccurrenceActionResponse>(`/api/tasks/${task.id}/occurrences/skip`, {
      due: "2026-12-01T08:00:00.000Z",
    });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    const done = await me.client.post<OccurrenceActionResponse>(
      `/api/tasks/${task.id}/occurrences/complete`,
      {
        due: "2026-12-02T08:00:00.000Z",
      },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const body = await calendar(me, "2026-12-01T00:00:00.000Z", "2026-12-06T00:00:00.000Z");
    expect(body.tasks.filter((t) => t.id === task.id).map((t) => t.deadline)).toEqual([
      "2026-12-03T08:00:00.000Z",
    ]);
    expect(datesOf(body, task.id)).toEqual(["2026-12-04T08:00:00.000Z", "2026-12-05T08:00:00.000Z"]);
    expect(datesOf(body, task.id)).not.toContain("2026-12-01T08:00:00.000Z");
    // A skipped row for a date still ahead (as a skip recorded ahead of time would leave it) is
    // left out too.
    await db()
      .insert(taskOccurrences)
      .values({
        taskId: task.id,
        userId: me.id,
        dueAt: new Date("2026-12-05T08:00:00.000Z"),
        deadline: new Date("2026-12-05T08:00:00.000Z"),
        outcome: "skipped",
        doneAt: new Date("2026-12-01T06:00:00.000Z"),
        doneBy: me.id,
        title: "Water the plants",
        category: "General",
        estimatedMinutes: 30,
      });
    const again = await calendar(me, "2026-12-01T00:00:00.000Z", "2026-12-06T00:00:00.000Z");
    expect(datesOf(again, task.id)).toEqual(["2026-12-04T08:00:00.000Z"]);
  });

  it("lists every date of a daily series over the longest range, for its owner only", async () => {
    server.clock.set("2027-01-01T06:00:00Z");
    const task = await newSeries(other, "Daily log", { rrule: "FREQ=DAILY", start: "2027-01-01T07:00" });
    const body = await calendar(other, "2027-01-01T00:00:00.000Z", "2027-03-04T00:00:00.000Z");
    expect(datesOf(body, task.id)).toHaveLength(61);
    expect(body.occurrencesCapped).toBe(false);
    // The series never shows in anyone else's calendar.
    const mine = await calendar(me, "2027-01-01T00:00:00.000Z", "2027-03-04T00:00:00.000Z");
    expect(mine.tasks.map((t) => t.id)).not.toContain(task.id);
    expect(datesOf(mine, task.id)).toEqual([]);
    expect(mine.series?.map((s) => s.taskId)).not.toContain(task.id);
  });

  it("shows only the open occurrence of an after-completion series, and none of a finished task", async () => {
    server.clock.set("2027-02-01T06:00:00Z");
    const after = await newSeries(me, "Clean the filter", {
      rrule: "FREQ=DAILY;INTERVAL=3",
      start: "2027-02-01T10:00",
      afterCompletion: true,
    });
    const once = await me.client.post<TaskDto>("/api/tasks", {
      title: "One-off",
      deadline: "2027-02-02T10:00:00.000Z",
    });
    const body = await calendar(me, "2027-02-01T00:00:00.000Z", "2027-02-20T00:00:00.000Z");
    expect(body.tasks.find((t) => t.id === after.id)?.repeats).toBe(
      "Every 3 days after completion, at 10:00",
    );
    expect(datesOf(body, after.id)).toEqual([]);
    expect(body.series?.map((s) => s.taskId)).not.toContain(after.id);
    expect(body.tasks.find((t) => t.id === once.body.id)?.repeats ?? null).toBeNull();
  });

  it("narrows occurrences to one project with projectId", async () => {
    server.clock.set("2027-03-01T06:00:00Z");
    const project = await me.client.post<{ id: string }>("/api/projects", { name: "Garden" });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const inProject = await newSeries(
      me,
      "Mow",
      { rrule: "FREQ=WEEKLY;BYDAY=MO", start: "2027-03-01T18:00" },
      { projectId: project.body.id },
    );
    const outside = await newSeries(me, "Read", { rrule: "FREQ=WEEKLY;BYDAY=MO", start: "2027-03-01T20:00" });
    const from = "2027-03-01T00:00:00.000Z";
    const to = "2027-03-22T00:00:00.000Z";
    const all = await calendar(me, from, to);
    expect(datesOf(all, inProject.id)).toHaveLength(2);
    expect(datesOf(all, outside.id)).toHaveLength(2);
    const narrowed = await calendar(me, from, to, project.body.id);
    expect(narrowed.tasks.map((t) => t.id)).toEqual([inProject.id]);
    expect(datesOf(narrowed, inProject.id)).toEqual(["2027-03-08T17:00:00.000Z", "2027-03-15T17:00:00.000Z"]);
    expect(datesOf(narrowed, outside.id)).toEqual([]);
    // Someone else's project is refused, not read.
    const refused = await other.client.get(
      `/api/calendar?from=${from}&to=${to}&projectId=${project.body.id}`,
    );
    expect([403, 404]).toContain(refused.status);
  });
});

// Decision 290: completed occurrences show on the date they were due, marked done, from the
// recorded history (task_occurrences); skipped ones never do.
describe("completed occurrences in the calendar", () => {
  const doneOf = (body: CalendarItemsResponse, taskId: string) =>
    (body.completedOccurrences ?? []).filter((o) => o.taskId === taskId);
  const complete = async (p: SignedInPerson, taskId: string, due: string) => {
    const res = await p.client.post<OccurrenceActionResponse>(`/api/tasks/${taskId}/occurrences/complete`, {
      due,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("shows each completed one on its due date, as it was then, never a skipped one, and moves the future ones on", async () => {
    server.clock.set("2027-04-01T06:00:00Z");
    const task = await newSeries(me, "Stretch", { rrule: "FREQ=DAILY", start: "2027-04-01T09:00" });
    const from = "2027-04-01T00:00:00.000Z";
    const to = "2027-04-08T00:00:00.000Z";
    // Read once before anything is done: the future dates from 2 April.
    const before = await calendar(me, from, to);
    expect(datesOf(before, task.id)[0]).toBe("2027-04-02T07:00:00.000Z");
    expect(doneOf(before, task.id)).toEqual([]);
    // 1 April: moved to the afternoon and renamed for this occurrence only, then completed the next morning.
    const moved = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      title: "Stretch (long)",
      deadline: "2027-04-01T15:00:00.000Z",
      scope: "occurrence",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    server.clock.set("2027-04-02T06:30:00Z");
    await complete(me, task.id, "2027-04-01T07:00:00.000Z");
    // 2 April: skipped. 3 April: completed on time.
    const skip = await me.client.post(`/api/tasks/${task.id}/occurrences/skip`, {
      due: "2027-04-02T07:00:00.000Z",
    });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    server.clock.set("2027-04-03T08:00:00Z");
    await complete(me, task.id, "2027-04-03T07:00:00.000Z");

    const body = await calendar(me, from, to);
    expect(
      doneOf(body, task.id).map(({ title, at, completedAt, category, estimatedMinutes }) => ({
        title,
        at,
        completedAt,
        category,
        estimatedMinutes,
      })),
    ).toEqual([
      {
        title: "Stretch (long)",
        at: "2027-04-01T15:00:00.000Z",
        completedAt: "2027-04-02T06:30:00.000Z",
        category: "General",
        estimatedMinutes: 30,
      },
      {
        title: "Stretch",
        at: "2027-04-03T07:00:00.000Z",
        completedAt: "2027-04-03T08:00:00.000Z",
        category: "General",
        estimatedMinutes: 30,
      },
    ]);
    // The skipped one shows nowhere; the open one is the task; the future ones follow it (the kept
    // expansion of the first read is not served again once the open occurrence moved).
    expect(datesOf(body, task.id)).not.toContain("2027-04-02T07:00:00.000Z");
    expect(body.tasks.find((t) => t.id === task.id)?.deadline).toBe("2027-04-04T07:00:00.000Z");
    expect(datesOf(body, task.id)[0]).toBe("2027-04-05T07:00:00.000Z");
    // Only within the range: a range ending on 2 April has the first one only.
    const early = await calendar(me, from, "2027-04-02T00:00:00.000Z");
    expect(doneOf(early, task.id).map((o) => o.at)).toEqual(["2027-04-01T15:00:00.000Z"]);
    // Never in anyone else's calendar.
    const theirs = await calendar(other, from, to);
    expect(doneOf(theirs, task.id)).toEqual([]);
  });

  it("shows the last occurrence of an ended series once, as the completed task", async () => {
    server.clock.set("2027-05-01T06:00:00Z");
    const task = await newSeries(me, "Pills", { rrule: "FREQ=DAILY;COUNT=2", start: "2027-05-01T09:00" });
    await complete(me, task.id, "2027-05-01T07:00:00.000Z");
    const last = await complete(me, task.id, "2027-05-02T07:00:00.000Z");
    expect(last.next).toBeNull();
    const body = await calendar(me, "2027-05-01T00:00:00.000Z", "2027-05-08T00:00:00.000Z");
    expect(doneOf(body, task.id).map((o) => o.at)).toEqual(["2027-05-01T07:00:00.000Z"]);
    expect(body.tasks.filter((t) => t.id === task.id)).toEqual([
      expect.objectContaining({ deadline: "2027-05-02T07:00:00.000Z", completed: true }),
    ]);
  });

  it("narrows completed occurrences to one project with projectId", async () => {
    server.clock.set("2027-06-01T06:00:00Z");
    const project = await me.client.post<{ id: string }>("/api/projects", { name: "Kitchen" });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const inProject = await newSeries(
      me,
      "Descale",
      { rrule: "FREQ=DAILY", start: "2027-06-01T10:00" },
      { projectId: project.body.id },
    );
    const outside = await newSeries(me, "Journal", { rrule: "FREQ=DAILY", start: "2027-06-01T21:00" });
    await complete(me, inProject.id, "2027-06-01T08:00:00.000Z");
    await complete(me, outside.id, "2027-06-01T19:00:00.000Z");
    const from = "2027-06-01T00:00:00.000Z";
    const to = "2027-06-03T00:00:00.000Z";
    const all = await calendar(me, from, to);
    expect(doneOf(all, inProject.id)).toHaveLength(1);
    expect(doneOf(all, outside.id)).toHaveLength(1);
    const narrowed = await calendar(me, from, to, project.body.id);
    expect((narrowed.completedOccurrences ?? []).map((o) => o.taskId)).toEqual([inProject.id]);
  });
});
