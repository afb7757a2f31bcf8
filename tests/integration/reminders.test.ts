// Reminders (issue 24 point 6; decisions 245 to 247): added at a time or before the deadline, and
// refused with a clear 4xx when in the past, without a deadline or beyond the cap; a deadline change
// moves them; the sweep fires each once into the bell (with its reminder id) and the mail outbox,
// marks one found late, lists one more than a day late as missed, and a snooze makes it fire again.
// Another person's reminders are not found. One server for the file; the sweep runs by hand.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "#server/db/schema/background.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import type { PlanningPreferencesResponse } from "#shared/contracts/planner.ts";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import type { ReminderDto, ReminderListResponse } from "#shared/contracts/reminders.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { MAX_REMINDERS_PER_TASK } from "#shared/domain/reminders.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";
import { createTeam } from "../support/team-factory.ts";

const { server, db, person } = testServerForFile();
const MIN = 60_000;
const T0 = new Date("2030-03-04T10:00:00.000Z");

let me: SignedInPerson;
beforeAll(async () => {
  me = await person();
});

async function newTask(p: SignedInPerson, body: Record<string, unknown> = {}) {
  const res = await p.client.post<TaskDto>("/api/tasks", { title: "Water the plants", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function addReminder(p: SignedInPerson, taskId: string, body: Record<string, unknown>) {
  return p.client.post<ReminderDto>(`/api/tasks/${taskId}/reminders`, body);
}
const notificationsOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
const sweep = () => server.kairo.sweepReminders(server.clock.now());

describe("reminders", () => {
  it("refuses bad reminders with a clear 4xx and stores nothing", async () => {
    server.clock.set(T0);
    const noDeadline = await newTask(me);
    const past = new Date(T0.getTime() - MIN).toISOString();
    expectError(await addReminder(me, noDeadline.id, { at: past }), 400, /future/);
    expectError(
      await addReminder(me, noDeadline.id, { before: { amount: 30, unit: "minutes" } }),
      400,
      /no deadline/,
    );
    expectError(await addReminder(me, noDeadline.id, {}), 400);
    expectError(await addReminder(me, noDeadline.id, { before: { amount: 0, unit: "minutes" } }), 400);
    expectError(await addReminder(me, noDeadline.id, { before: { amount: 3, unit: "weeks" } }), 400);
    const soon = await newTask(me, { deadline: new Date(T0.getTime() + 20 * MIN).toISOString() });
    expectError(await addReminder(me, soon.id, { before: { amount: 1, unit: "hours" } }), 400, /past/);
    expectError(
      await addReminder(me, soon.id, { at: new Date(T0.getTime() + 30 * MIN).toISOString() }),
      400,
      /before the task's deadline/,
    );
    const overdue = await newTask(me, { deadline: new Date(T0.getTime() - MIN).toISOString() });
    expectError(await addReminder(me, overdue.id, { before: { amount: 1, unit: "minutes" } }), 400, /passed/);
    for (const t of [noDeadline, soon, overdue]) {
      const list = await me.client.get<ReminderListResponse>(`/api/tasks/${t.id}/reminders`);
      expect(list.body.reminders).toEqual([]);
    }
  });

  it("caps the reminders of one task", async () => {
    server.clock.set(T0);
    const task = await newTask(me);
    for (let i = 1; i <= MAX_REMINDERS_PER_TASK; i++)
      expect(
        (await addReminder(me, task.id, { at: new Date(T0.getTime() + i * MIN).toISOString() })).status,
      ).toBe(201);
    expectError(
      await addReminder(me, task.id, { at: new Date(T0.getTime() + 99 * MIN).toISOString() }),
      409,
      /at most/,
    );
    const list = await me.client.get<ReminderListResponse>(`/api/tasks/${task.id}/reminders`);
    expect(list.body.reminders).toHaveLength(MAX_REMINDERS_PER_TASK);
    await me.client.delete(`/api/tasks/${task.id}`);
  });

  it("keeps another person's task and reminders hidden", async () => {
    server.clock.set(T0);
    const other = await person();
    const task = await newTask(me, { deadline: new Date(T0.getTime() + 5 * 60 * MIN).toISOString() });
    const mine = (await addReminder(me, task.id, { before: { amount: 1, unit: "hours" } })).body;
    expectError(await other.client.get(`/api/tasks/${task.id}/reminders`), 404);
    expectError(await addReminder(other, task.id, { before: { amount: 1, unit: "hours" } }), 404);
    expectError(await other.client.delete(`/api/tasks/${task.id}/reminders/${mine.id}`), 404);
    expectError(await other.client.post(`/api/reminders/${mine.id}/snooze`, { for: "10m" }), 404);
    expect((await me.client.delete(`/api/tasks/${task.id}/reminders/${mine.id}`)).status).toBe(204);
    await me.client.delete(`/api/tasks/${task.id}`);
  });

  it("moves a before-the-deadline reminder with the deadline, and fires it once into the bell and the mail", async () => {
    server.clock.set(T0);
    const task = await newTask(me, {
      title: "Send the report",
      deadline: new Date(T0.getTime() + 2 * 60 * MIN).toISOString(),
    });
    const r = (await addReminder(me, task.id, { before: { amount: 30, unit: "minutes" } })).body;
    expect(r).toMatchObject({ offsetMinutes: 30, dueAt: new Date(T0.getTime() + 90 * MIN).toISOString() });
    const moved = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      deadline: new Date(T0.getTime() + 3 * 60 * MIN).toISOString(),
    });
    expect(moved.status).toBe(200);
    const [after] = (await me.client.get<ReminderListResponse>(`/api/tasks/${task.id}/reminders`)).body
      .reminders;
    expect(after?.dueAt).toBe(new Date(T0.getTime() + 150 * MIN).toISOString());

    server.clock.set(new Date(T0.getTime() + 150 * MIN + 5_000));
    const first = await sweep();
    expect(first.fired).toBeGreaterThanOrEqual(1);
    expect((await sweep()).fired).toBe(0);
    const mine = (await notificationsOf(me.id)).filter((n) => n.reminderId === r.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "reminder", title: "Reminder: Send the report" });
    expect(mine[0]!.link).toContain(task.id);
    const mail = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, me.id), eq(mailOutbox.subject, "Kairo: Reminder: Send the report")));
    expect(mail).toHaveLength(1);
    const [fired] = (await me.client.get<ReminderListResponse>(`/api/tasks/${task.id}/reminders`)).body
      .reminders;
    expect(fired?.firedAt).not.toBeNull();

    // Snoozed for 10 minutes, it fires once more then, and only then.
    const snoozed = await me.client.post<ReminderDto>(`/api/reminders/${r.id}/snooze`, { for: "10m" });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.firedAt).toBeNull();
    server.clock.advance(5 * MIN);
    await sweep();
    expect((await notificationsOf(me.id)).filter((n) => n.reminderId === r.id)).toHaveLength(1);
    server.clock.advance(6 * MIN);
    await sweep();
    expect((await notificationsOf(me.id)).filter((n) => n.reminderId === r.id)).toHaveLength(2);
    expectError(await me.client.post(`/api/reminders/${r.id}/snooze`, { for: "tomorrow" }), 400, /timeZone/);
    expectError(
      await me.client.post(`/api/reminders/${r.id}/snooze`, { for: "tomorrow", timeZone: "Mars/Base" }),
      400,
    );
    const tomorrow = await me.client.post<ReminderDto>(`/api/reminders/${r.id}/snooze`, {
      for: "tomorrow",
      timeZone: "Europe/Paris",
    });
    // 2030-03-04 12:41 UTC is 13:41 in Paris: tomorrow 9:00 there is 08:00 UTC.
    expect(tomorrow.body.dueAt).toBe("2030-03-05T08:00:00.000Z");
  });

  it("fires a reminder found after downtime once, marked late; one more than a day late is listed as missed", async () => {
    server.clock.set(T0);
    const late = await newTask(me, { title: "Call the bank" });
    const missed = await newTask(me, { title: "Renew the passport" });
    const lateR = (await addReminder(me, late.id, { at: new Date(T0.getTime() + 10 * MIN).toISOString() }))
      .body;
    const missedR = (await addReminder(me, missed.id, { at: new Date(T0.getTime() + 5 * MIN).toISOString() }))
      .body;
    // Kairo is down from T0 until a day and 7 minutes later.
    server.clock.set(new Date(T0.getTime() + 24 * 60 * MIN + 7 * MIN));
    await sweep();
    await sweep();
    const all = await notificationsOf(me.id);
    const lateN = all.filter((n) => n.reminderId === lateR.id);
    expect(lateN).toHaveLength(1);
    expect(lateN[0]!.title).toBe("Late reminder: Call the bank");
    // Nothing tells Kairo this person's zone: the times are in UTC, and say so.
    expect(lateN[0]!.body).toBe("Late: it was set for Monday 4 March, 10:10 UTC.");
    expect(all.filter((n) => n.reminderId === missedR.id)).toHaveLength(0);
    const missedN = all.filter((n) => n.title === "Missed reminder: Renew the passport");
    expect(missedN).toHaveLength(1);
    expect(missedN[0]!.kind).toBe("reminder-missed");
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.userId, me.id));
    expect(mail.filter((m) => m.subject.includes("Renew the passport"))).toHaveLength(0);
    expect(mail.filter((m) => m.subject.includes("Call the bank"))).toHaveLength(1);
  });

  it("writes the deadline in words on the person's wall clock: in the bell, the email and the push", async () => {
    server.clock.set(T0);
    // Paris set in Settings → Planning (defaults saved with that zone).
    const paris = await person();
    const defaults = await paris.client.get<PlanningPreferencesResponse>(
      "/api/planner/preferences?tz=Europe/Paris",
    );
    expect((await paris.client.put("/api/planner/preferences", defaults.body.preferences)).status).toBe(200);
    // No setting, but analytics read from a browser in New York.
    const newYork = await person();
    expect((await newYork.client.get("/api/analytics?range=7&tz=America/New_York")).status).toBe(200);
    // Deadline Tuesday 5 March 2030, 10:46 UTC: 11:46 in Paris, 05:46 in New York.
    const deadline = "2030-03-05T10:46:00.000Z";
    const at = new Date(T0.getTime() + 5 * MIN).toISOString();
    for (const p of [paris, newYork]) {
      const t = await newTask(p, { title: "File the report", deadline });
      expect((await addReminder(p, t.id, { at })).status).toBe(201);
    }
    const push = vi.spyOn(server.kairo.deps.push, "notifyEach");
    try {
      server.clock.set(new Date(at));
      await sweep();
      const expected = [
        [paris, "Due Tuesday 5 March, 11:46."],
        [newYork, "Due Tuesday 5 March, 05:46."],
      ] as const;
      for (const [p, body] of expected) {
        const bell = (await notificationsOf(p.id)).filter((n) => n.title === "Reminder: File the report");
        expect(bell.map((n) => n.body)).toEqual([body]);
        const mail = (await db().select().from(mailOutbox).where(eq(mailOutbox.userId, p.id))).filter((m) =>
          m.subject.includes("File the report"),
        );
        expect(mail).toHaveLength(1);
        expect(mail[0]!.text).toContain(body);
        expect(mail[0]!.html).toContain(body);
        expect(push.mock.calls.flatMap(([messages]) => messages)).toEqual(
          expect.arrayContaining([{ userId: p.id, message: expect.objectContaining({ body }) }]),
        );
      }
    } finally {
      push.mockRestore();
    }
  });

  it("gives a new task with a deadline the person's default reminder", async () => {
    server.clock.set(T0);
    const p = await person();
    expect((await p.client.patch("/api/preferences", { defaultReminderMinutes: 30 })).status).toBe(200);
    const task = await newTask(p, { deadline: new Date(T0.getTime() + 2 * 60 * MIN).toISOString() });
    const list = (await p.client.get<ReminderListResponse>(`/api/tasks/${task.id}/reminders`)).body.reminders;
    expect(list).toMatchObject([
      { offsetMinutes: 30, dueAt: new Date(T0.getTime() + 90 * MIN).toISOString() },
    ]);
    const none = await newTask(p);
    expect(
      (await p.client.get<ReminderListResponse>(`/api/tasks/${none.id}/reminders`)).body.reminders,
    ).toEqual([]);
  });

  it("lets a team member remind themselves of a team task, and stays silent once they left the team", async () => {
    server.clock.set(T0);
    const { owner, members, team } = await createTeam(server, 1);
    const ann = members[0]!;
    const annId = (await ann.client.get<{ id: string }>("/api/me")).body.id;
    const project = (
      await owner.client.post<ProjectDto>("/api/projects", { name: "Launch", teamId: team.id })
    ).body;
    const task = (
      await owner.client.post<TaskDto>("/api/tasks", { title: "Ship the launch post", projectId: project.id })
    ).body;
    const stays = await ann.client.post<ReminderDto>(`/api/tasks/${task.id}/reminders`, {
      at: new Date(T0.getTime() + 5 * MIN).toISOString(),
    });
    expect(stays.status, JSON.stringify(stays.body)).toBe(201);
    const leaves = await ann.client.post<ReminderDto>(`/api/tasks/${task.id}/reminders`, {
      at: new Date(T0.getTime() + 15 * MIN).toISOString(),
    });
    // The owner does not see Ann's reminders: they are hers.
    expect(
      (await owner.client.get<ReminderListResponse>(`/api/tasks/${task.id}/reminders`)).body.reminders,
    ).toEqual([]);
    server.clock.set(new Date(T0.getTime() + 5 * MIN));
    await sweep();
    expect((await notificationsOf(annId)).filter((n) => n.reminderId === stays.body.id)).toHaveLength(1);
    const annMember = team.members.find((m) => m.userId === annId)!;
    expect((await owner.client.delete(`/api/team/members/${annMember.id}`)).status).toBeLessThan(300);
    server.clock.set(new Date(T0.getTime() + 15 * MIN));
    await sweep();
    expect((await notificationsOf(annId)).filter((n) => n.reminderId === leaves.body.id)).toHaveLength(0);
  });
});
