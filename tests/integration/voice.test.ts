// Voice commands on the server (Pro: voice_commands): a confirmed command adds a task, starts the
// timer on the open task it names, or stops the running one, through the same use cases as the
// buttons; a free person is refused with nothing changed; bad bodies are 400; and a spoken title
// only ever finds the person's own tasks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks as tasksTable } from "#server/db/schema/tasks.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { VoiceCommandResponse } from "#shared/contracts/voice.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const transcript = "add task review the budget tomorrow at 3pm for 45 minutes high priority";
const addBudget = {
  action: "add_task",
  transcript,
  task: {
    title: "review the budget",
    deadline: "2026-11-19T15:00:00.000Z",
    estimatedMinutes: 45,
    category: "General",
    priority: "high",
  },
};

async function taskTitles(client: Awaited<ReturnType<typeof createVerifiedUser>>["client"]) {
  const res = await client.get<{ tasks: TaskDto[] }>("/api/tasks");
  return res.body.tasks.map((t) => t.title);
}

describe("POST /api/voice/commands", () => {
  it("adds the task, starts its timer by name and stops it (trial counts as Pro)", async () => {
    const p = await createVerifiedUser(server);
    const added = await p.client.post<VoiceCommandResponse>("/api/voice/commands", addBudget);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      action: "add_task",
      task: {
        title: "review the budget",
        estimatedMinutes: 45,
        priority: "high",
        deadline: "2026-11-19T15:00:00.000Z",
      },
    });
    await p.client.post("/api/tasks", { title: "Budget meeting prep with finance and legal" });

    const started = await p.client.post<VoiceCommandResponse>("/api/voice/commands", {
      action: "start_timer",
      transcript: "start timer on review the budget",
      taskTitle: "Review the Budget",
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({
      action: "start_timer",
      task: { title: "review the budget", isActive: true },
    });

    server.clock.set(new Date(Date.now() + 10 * 60_000));
    try {
      const stopped = await p.client.post<VoiceCommandResponse>("/api/voice/commands", {
        action: "stop_timer",
        transcript: "stop the timer",
      });
      expect(stopped.status).toBe(200);
      expect(stopped.body).toMatchObject({ action: "stop_timer", task: { isActive: false }, minutes: 10 });
    } finally {
      server.clock.reset();
    }

    const again = await p.client.post<ErrorBody>("/api/voice/commands", {
      action: "stop_timer",
      transcript: "stop",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("No timer is running.");
  });

  it("says so when no open task matches, and never finds another person's task", async () => {
    const owner = await createVerifiedUser(server);
    await owner.client.post("/api/tasks", { title: "Secret merger memo" });
    const other = await createVerifiedUser(server);
    const res = await other.client.post<ErrorBody>("/api/voice/commands", {
      action: "start_timer",
      transcript: "start timer on secret merger memo",
      taskTitle: "secret merger memo",
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No open task matches "secret merger memo".');
    const tasks = await owner.client.get<{ tasks: TaskDto[] }>("/api/tasks");
    expect(tasks.body.tasks[0]!.isActive).toBe(false);
  });

  it("finds the task a person means among hundreds of newer open ones, by its title or most of its words", async () => {
    const p = await createVerifiedUser(server);
    const target = await p.client.post<TaskDto>("/api/tasks", { title: "Quarterly budget review" });
    const done = await p.client.post<TaskDto>("/api/tasks", { title: "Quarterly budget" });
    await p.client.patch(`/api/tasks/${done.body.id}`, { completed: true });
    const me = await p.client.get<{ id: string }>("/api/me");
    // 300 open tasks changed later than the target, many sharing a word with it.
    const later = new Date(Date.now() + 60_000);
    await server.kairo.deps.database.db.insert(tasksTable).values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: me.body.id,
        title: i % 2 ? `Budget line ${i}` : `Review chapter ${i}`,
        updatedAt: later,
      })),
    );
    const start = (taskTitle: string) =>
      p.client.post<VoiceCommandResponse>("/api/voice/commands", {
        action: "start_timer",
        transcript: `start timer on ${taskTitle}`,
        taskTitle,
      });
    const exact = await start("quarterly budget review");
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body).toMatchObject({ action: "start_timer", task: { id: target.body.id, isActive: true } });
    await p.client.post(`/api/tasks/${target.body.id}/timer/stop`);
    // "quarterly review": two of its three words; the completed "Quarterly budget" is never picked.
    const partly = await start("quarterly review");
    expect(partly.body).toMatchObject({ task: { id: target.body.id } });
  });

  it("refuses a free person with the Pro upgrade, and adds nothing", async () => {
    const p = await createVerifiedUser(server);
    server.clock.set(new Date(Date.now() + 8 * 86_400_000)); // the 7-day trial is over
    try {
      const res = await p.client.post<ErrorBody>("/api/voice/commands", addBudget);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "pro" });
      expect(await taskTitles(p.client)).toEqual([]);
    } finally {
      server.clock.reset();
    }
  });

  it("refuses bad commands with 400 and changes nothing", async () => {
    const p = await createVerifiedUser(server);
    for (const body of [
      { action: "delete_everything", transcript: "delete everything" },
      { action: "add_task", transcript: "", task: addBudget.task },
      { action: "add_task", transcript, task: { ...addBudget.task, title: " " } },
      { action: "add_task", transcript, task: { ...addBudget.task, estimatedMinutes: 7 } },
      { action: "start_timer", transcript: "start timer on", taskTitle: "" },
      { action: "stop_timer", transcript: "stop", extra: true },
      { action: "add_task", transcript: "x".repeat(501), task: addBudget.task },
    ]) {
      const res = await p.client.post<ErrorBody>("/api/voice/commands", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await taskTitles(p.client)).toEqual([]);
  });
});
