// Two server instances on one PostgreSQL, as behind a load balancer, both running the job worker:
// the same person's status changes arrive at either instance, both dispatch and sweep the same
// outbox at once, and every event runs its workflow exactly once (no duplicate run, task or
// notification). Also prints the trigger-to-start latency the bench reports.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "#server/db/schema/tasks.ts";
import { workflowExecutions } from "#server/db/schema/workflows.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { WorkflowDto } from "#shared/contracts/workflows.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";

describe.runIf(onPostgres)("two instances on one PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
    b = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { shareDatabaseWith: a });
    await Promise.all([a.kairo.deps.jobs.start(), b.kairo.deps.jobs.start()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("runs each event's workflow exactly once, whichever instance takes it", async () => {
    const person = await createVerifiedUser(a);
    const onA = person.client;
    const onB = person.client.at(b.baseUrl);
    const wf = await onA.post<WorkflowDto>("/api/workflows", {
      name: "Follow-ups",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: [
        { type: "create_task", config: { title: "Follow up: {{task.title}}" } },
        { type: "send_notification", config: { title: "Done: {{task.title}}" } },
      ],
    });
    expect(wf.status).toBe(201);
    const n = 20;
    const made: TaskDto[] = [];
    for (let i = 0; i < n; i++)
      made.push((await onA.post<TaskDto>("/api/tasks", { title: `Job ${i}` })).body);
    // Completions alternate between the instances, while both also dispatch and sweep the outbox.
    await Promise.all([
      ...made.map((t, i) => (i % 2 ? onB : onA).patch(`/api/tasks/${t.id}`, { status: "completed" })),
      a.kairo.deps.workflows.dispatch(),
      b.kairo.deps.workflows.dispatch(),
      a.kairo.deps.workflows.sweep(),
      b.kairo.deps.workflows.sweep(),
    ]);
    const db = a.kairo.deps.database.db;
    const runs = () =>
      db
        .select({ status: workflowExecutions.status, n: count() })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.workflowId, wf.body.id))
        .groupBy(workflowExecutions.status);
    await waitFor(runs, (rows) => rows.length === 1 && rows[0]?.status === "completed" && rows[0].n === n, {
      what: `${n} completed runs`,
      timeoutMs: 30_000,
    });
    // Both instances try every run again: nothing more happens.
    const all = await db.select({ id: workflowExecutions.id }).from(workflowExecutions);
    for (const { id } of all) {
      expect(await a.kairo.deps.workflows.run(id)).toBe("skipped");
      expect(await b.kairo.deps.workflows.run(id)).toBe("skipped");
    }
    await Promise.all([a.kairo.deps.workflows.dispatch(), b.kairo.deps.workflows.dispatch()]);
    expect(await runs()).toEqual([{ status: "completed", n }]);
    const userId = (await onA.get<{ id: string }>("/api/me")).body.id;
    const [followUps] = await db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.status, "todo")));
    expect(followUps?.n).toBe(n);
    const listed = await onB.get<{ notifications: unknown[]; unread: number }>("/api/notifications?limit=50");
    expect(listed.body.unread).toBe(n);
  });
});
