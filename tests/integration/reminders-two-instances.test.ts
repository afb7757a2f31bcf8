// Two server instances on one PostgreSQL, both sweeping due reminders at once (decision 246): 50
// reminders due in the same second fire exactly once in total, with one notification and one mail
// each, however the two sweeps interleave; and with a second instance as its own process (main.ts,
// sweeping every second on its timer) killed as they come due, the other delivers the rest, none twice.
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema/background.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { taskReminders } from "#server/db/schema/tasks.ts";
import type { ReminderDto } from "#shared/contracts/reminders.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { freePort, startChildServer, stopChildServer } from "../support/child-server.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";

describe.runIf(onPostgres)("reminders on two instances of one PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
    b = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("fires 50 reminders due at once exactly once in total", async () => {
    const person = await createVerifiedUser(a);
    const userId = (await person.client.get<{ id: string }>("/api/me")).body.id;
    const due = new Date(Date.now() + 60_000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const task = (await person.client.post<TaskDto>("/api/tasks", { title: `Chore ${i}` })).body;
      for (let j = 0; j < 10; j++) {
        const r = await person.client.post<ReminderDto>(`/api/tasks/${task.id}/reminders`, {
          at: new Date(due.getTime() + j).toISOString(),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        ids.push(r.body.id);
      }
    }
    const at = new Date(due.getTime() + 1_000);
    // Several passes of each instance at the same moment.
    const results = await Promise.all([
      a.kairo.sweepReminders(at),
      b.kairo.sweepReminders(at),
      a.kairo.sweepReminders(at),
      b.kairo.sweepReminders(at),
    ]);
    expect(results.reduce((n, r) => n + r.fired, 0)).toBe(50);
    expect(results.every((r) => r.missed === 0)).toBe(true);
    const db = a.kairo.deps.database.db;
    const [left] = await db
      .select({ n: count() })
      .from(taskReminders)
      .where(and(inArray(taskReminders.id, ids), isNull(taskReminders.firedAt)));
    expect(left?.n).toBe(0);
    const told = await db
      .select({ reminderId: notifications.reminderId })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.reminderId, ids)));
    expect(told).toHaveLength(50);
    expect(new Set(told.map((t) => t.reminderId)).size).toBe(50);
    const [mails] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.userId, userId));
    expect(mails?.n).toBe(50);
    // Sweeping again changes nothing.
    expect((await b.kairo.sweepReminders(at)).fired).toBe(0);
  });

  it("delivers each reminder once when a second process is killed as they come due", {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const child = await startChildServer(port, {
      DATABASE_URL: a.testDb.url!,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      KAIRO_DATA_DIR: "/tmp/kairo-test-data-reminders-b",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      REMINDER_SWEEP_SECONDS: "1",
    });
    try {
      const person = await createVerifiedUser(a);
      const userId = (await person.client.get<{ id: string }>("/api/me")).body.id;
      const task = (await person.client.post<TaskDto>("/api/tasks", { title: "Crash course" })).body;
      const due = Date.now() + 3_000;
      const ids: string[] = [];
      for (let j = 0; j < 20; j++) {
        const r = await person.client.post<ReminderDto>(`/api/tasks/${task.id}/reminders`, {
          at: new Date(due + j * 50).toISOString(),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        ids.push(r.body.id);
      }
      const db = a.kairo.deps.database.db;
      const waiting = async () =>
        (
          await db
            .select({ n: count() })
            .from(taskReminders)
            .where(and(inArray(taskReminders.id, ids), isNull(taskReminders.firedAt)))
        )[0]?.n ?? 0;
      // The child sweeps on its own timer; it is killed just after they come due.
      await new Promise((r) => setTimeout(r, Math.max(0, due + 500 - Date.now())));
      await stopChildServer(child, "SIGKILL");
      // This instance sweeps until nothing waits (within 30 s of their time).
      for (let i = 0; i < 30 && (await waiting()) > 0; i++) {
        await a.kairo.sweepReminders();
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await waiting()).toBe(0);
      const told = await db
        .select({ reminderId: notifications.reminderId })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.reminderId, ids)));
      expect(told).toHaveLength(20);
      expect(new Set(told.map((t) => t.reminderId)).size).toBe(20);
    } finally {
      await stopChildServer(child, "SIGKILL");
    }
  });
});
