// Workflow automation through the real HTTP app and engine: the routes, plan limits, bad input,
// each trigger type firing each action type, at most one run per event, retries, the loop guard,
// pausing (which cancels queued runs), deleting (history kept), schedules with catch-up, and floods.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarConnections, syncedEvents } from "#server/db/schema/calendar.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import { workflowEvents, workflowExecutions, workflows } from "#server/db/schema/workflows.ts";
import { MAIL_DELIVERY_JOB } from "#server/jobs/definitions/mail-delivery.ts";
import type { NotificationListResponse } from "#shared/contracts/notifications.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type {
  WorkflowDto,
  WorkflowExecutionDto,
  WorkflowListResponse,
  WorkflowTemplateDto,
} from "#shared/contracts/workflows.ts";
import { startAt } from "#shared/domain/recurrence-rule.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

type Person = Awaited<ReturnType<typeof createVerifiedUser>>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  await server.kairo.deps.jobs.start();
});
afterAll(() => server?.close());

const db = () => server.kairo.deps.database.db;
const engine = () => server.kairo.deps.workflows;
const userIdOf = async (p: Person) => (await p.client.get<{ id: string }>("/api/me")).body.id;

async function newTask(client: TestClient, title: string, category = "General") {
  const res = await client.post<TaskDto>("/api/tasks", { title, category });
  expect(res.status).toBe(201);
  return res.body;
}

async function newWorkflow(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post<WorkflowDto>("/api/workflows", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const history = async (client: TestClient) =>
  (await client.get<{ executions: WorkflowExecutionDto[] }>("/api/workflow-executions")).body.executions;

/** Waits until the person's history holds `n` runs, none of them still queued or running. */
const settled = (client: TestClient, n: number) =>
  waitFor(
    () => history(client),
    (list) => list.length >= n && list.every((e) => !["queued", "running", "retrying"].includes(e.status)),
    { what: `${n} finished runs` },
  );

/**
 * The next `times` commits that wrote a notice titled `title` fail, as a database refusing a commit
 * would: a deferred trigger of the test's own raises at commit time. Its count is a sequence, which
 * a rollback does not undo.
 */
async function failCommitsWritingNotice(title: string, times: number) {
  const name = `test_fail_${Math.random().toString(36).slice(2, 10)}`;
  await db().execute(sql.raw(`create sequence ${name}`));
  await db().execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if nextval('${name}') <= ${times} then raise exception 'could not commit: the database refused it'; end if;
        return null;
      end $$`),
  );
  await db().execute(
    sql.raw(`create constraint trigger ${name} after insert on notifications deferrable initially deferred
      for each row when (new.title = '${title.replaceAll("'", "''")}') execute function ${name}()`),
  );
}

const taskTitles = async (client: TestClient) =>
  (await client.get<{ tasks: TaskDto[] }>("/api/tasks?limit=100")).body.tasks.map((t) => t.title);

describe("routes", () => {
  it("lists templates most used first, creates from one, and keeps Untitled workflow for no name", async () => {
    const p = await createVerifiedUser(server);
    const templates = (await p.client.get<{ templates: WorkflowTemplateDto[] }>("/api/workflow-templates"))
      .body.templates;
    expect(templates.length).toBeGreaterThanOrEqual(8);
    const pick = templates.find((t) => t.name === "Daily review")!;
    const { id, useCount, name: _n, description: _d, category: _c, ...definition } = pick;
    const created = await newWorkflow(p.client, {
      ...definition,
      triggerConfig: { ...definition.triggerConfig, timeZone: "Europe/Berlin" },
      templateId: id,
    });
    expect(created.name).toBe("Untitled workflow");
    expect(created.isActive).toBe(true);
    expect(created.nextRunAt).not.toBeNull();
    const after = (await p.client.get<{ templates: WorkflowTemplateDto[] }>("/api/workflow-templates")).body
      .templates;
    expect(after[0]).toMatchObject({ id, useCount: useCount + 1 });

    const named = await newWorkflow(p.client, {
      name: "Follow-ups",
      description: "After each completion",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: [{ type: "create_task", config: { title: "Follow up: {{task.title}}" } }],
    });
    const list = await p.client.get<WorkflowListResponse>("/api/workflows");
    expect(list.body.workflows.map((w) => w.id)).toEqual([named.id, created.id]);
    expect(list.body).toMatchObject({ activeCount: 2, limit: 5 });
  });

  it("refuses bad input with the field named, and stores nothing", async () => {
    const p = await createVerifiedUser(server);
    const ok = {
      triggerType: "task_status",
      triggerConfig: {},
      actions: [{ type: "create_task", config: { title: "x" } }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, triggerType: "webhook" }, "triggerType"],
      [{ ...ok, triggerConfig: { toStatus: "finished" } }, "triggerConfig.toStatus"],
      [{ ...ok, actions: [{ type: "send_sms", config: {} }] }, "actions.0.type"],
      [{ ...ok, actions: [{ type: "create_task", config: { title: 5 } }] }, "actions.0.config.title"],
      [
        { ...ok, actions: [{ type: "create_task", config: { title: "Hi {{person.name}}" } }] },
        "actions.0.config.title",
      ],
      [
        {
          ...ok,
          triggerType: "time_based",
          triggerConfig: { schedule: { kind: "cron", cron: "0 25 * * *" }, timeZone: "UTC" },
        },
        "triggerConfig.schedule.cron",
      ],
      [{ ...ok, templateId: "00000000-0000-4000-8000-000000000000" }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await p.client.post<ErrorBody>("/api/workflows", body);
      if (field) {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
      } else {
        expect(res.status).toBe(404);
      }
    }
    expect((await p.client.get<WorkflowListResponse>("/api/workflows")).body.workflows).toEqual([]);
    expect((await p.client.patch<ErrorBody>("/api/workflows/not-an-id", { isActive: false })).status).toBe(
      404,
    );
  });

  it("keeps each person's workflows and history to themselves", async () => {
    const a = await createVerifiedUser(server);
    const b = await createVerifiedUser(server);
    const wf = await newWorkflow(a.client, { ...simpleNotify, name: "A's own" });
    expect((await b.client.get<WorkflowListResponse>("/api/workflows")).body.workflows).toEqual([]);
    expect((await b.client.patch(`/api/workflows/${wf.id}`, { isActive: false })).status).toBe(404);
    expect((await b.client.delete(`/api/workflows/${wf.id}`)).status).toBe(404);
    // B's task changes never run A's workflow.
    const t = await newTask(b.client, "B's task");
    await b.client.patch(`/api/tasks/${t.id}`, { status: "completed" });
    await engine().dispatch();
    expect(await history(a.client)).toEqual([]);
  });
});

const simpleNotify = {
  triggerType: "task_status",
  triggerConfig: { toStatus: "completed" },
  actions: [{ type: "send_notification", config: { title: "Done: {{task.title}}" } }],
};

describe("plan limits", () => {
  it("refuses creating on Free with the upgrade offer, and lists what the person has (nothing)", async () => {
    const p = await createVerifiedUser(server);
    server.clock.set(new Date(Date.now() + 8 * 86_400_000));
    try {
      const res = await p.client.post<ErrorBody>("/api/workflows", simpleNotify);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "pro" });
      const list = await p.client.get<WorkflowListResponse>("/api/workflows");
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ workflows: [], limit: 0, activeCount: 0, total: 0, cap: 100 });
    } finally {
      server.clock.reset();
    }
  });

  it("runs 5 active workflows on Pro, refuses a sixth with the Team offer, and takes it after a pause", async () => {
    const p = await createVerifiedUser(server);
    const made: WorkflowDto[] = [];
    for (let i = 0; i < 5; i++) made.push(await newWorkflow(p.client, { ...simpleNotify, name: `W${i}` }));
    const sixth = await p.client.post<ErrorBody>("/api/workflows", { ...simpleNotify, name: "W5" });
    expect(sixth.status).toBe(403);
    expect(sixth.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "team" });
    expect(sixth.body.error.message).toMatch(/Upgrade to Team/);
    expect((await p.client.patch(`/api/workflows/${made[0]!.id}`, { isActive: false })).status).toBe(200);
    await newWorkflow(p.client, { ...simpleNotify, name: "W5" });
    const again = await p.client.patch<ErrorBody>(`/api/workflows/${made[0]!.id}`, { isActive: true });
    expect(again.status).toBe(403);
  });
});

describe("templates and the per-person cap", () => {
  const useCountOf = async (client: TestClient, id: string) =>
    (await client.get<{ templates: WorkflowTemplateDto[] }>("/api/workflow-templates")).body.templates.find(
      (t) => t.id === id,
    )!.useCount;

  it("counts a template's use once per person, however many workflows they make from it", async () => {
    const a = await createVerifiedUser(server);
    const b = await createVerifiedUser(server);
    const templates = (await a.client.get<{ templates: WorkflowTemplateDto[] }>("/api/workflow-templates"))
      .body.templates;
    const pick = templates.find((t) => t.triggerType === "task_status")!;
    const { id, useCount, name: _n, description: _d, category: _c, ...definition } = pick;
    for (let i = 0; i < 3; i++) await newWorkflow(a.client, { ...definition, templateId: id });
    expect(await useCountOf(a.client, id)).toBe(useCount + 1);
    await newWorkflow(b.client, { ...definition, templateId: id });
    expect(await useCountOf(b.client, id)).toBe(useCount + 2);
  });

  it("keeps at most 100 workflows per person, paused ones included, and lists at most 100", async () => {
    const p = await createVerifiedUser(server);
    await buyPlan(server, p.client, "team");
    const userId = await userIdOf(p);
    const base = new Date(Date.now() - 86_400_000);
    // 99 paused ones written straight to the table (the API would take a while), then the 100th.
    await db()
      .insert(workflows)
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          userId,
          name: `Kept ${i}`,
          triggerType: "task_status",
          triggerConfig: { toStatus: "completed" },
          actions: simpleNotify.actions,
          isActive: false,
          createdAt: new Date(base.getTime() + i * 1000),
        })),
      );
    const last = await newWorkflow(p.client, { ...simpleNotify, name: "The hundredth" });
    const refused = await p.client.post<ErrorBody>("/api/workflows", { ...simpleNotify, name: "One more" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "CONFLICT",
      message:
        "You have 100 workflows, the most one account can keep. Delete one you no longer need, then create this one.",
    });
    const list = await p.client.get<WorkflowListResponse>("/api/workflows");
    expect(list.body).toMatchObject({ total: 100, activeCount: 1, limit: null, cap: 100 });
    expect(list.body.workflows).toHaveLength(100);
    expect(list.body.workflows[0]!.id).toBe(last.id);
    // Deleting one makes room again.
    expect((await p.client.delete(`/api/workflows/${last.id}`)).status).toBe(204);
    await newWorkflow(p.client, { ...simpleNotify, name: "Room again" });

    // Rows from before the cap stay stored, but the list stops at 100 (the newest).
    await db()
      .insert(workflows)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          userId,
          name: `Old ${i}`,
          triggerType: "task_status",
          triggerConfig: {},
          actions: simpleNotify.actions,
          isActive: false,
          createdAt: new Date(base.getTime() - 86_400_000 + i * 1000),
        })),
      );
    const capped = await p.client.get<WorkflowListResponse>("/api/workflows");
    expect(capped.body.total).toBe(120);
    expect(capped.body.workflows).toHaveLength(100);
    expect(capped.body.workflows.some((w) => w.name.startsWith("Old "))).toBe(false);
    expect((await p.client.post("/api/workflows", simpleNotify)).status).toBe(409);
  });
});

describe("each trigger type firing each action type", () => {
  it("task_status: create_task and update_task_status on the triggering task, once per change", async () => {
    const p = await createVerifiedUser(server);
    // What the team feed and the page hear: the workflow's creation, then each completed run.
    const announced: string[] = [];
    const personId = await userIdOf(p);
    const listen = (type: "workflow.created" | "workflow.run") =>
      server.kairo.deps.events.on(type, (e) => {
        if (e.personId === personId) announced.push(type);
      });
    const stop = [listen("workflow.created"), listen("workflow.run")];
    await newWorkflow(p.client, {
      name: "Follow-ups",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed", category: "Design" },
      actions: [
        {
          type: "create_task",
          config: { title: "Follow up: {{task.title}}", category: "Design", priority: "high" },
        },
      ],
    });
    await newWorkflow(p.client, {
      name: "Started means urgent review",
      triggerType: "task_status",
      triggerConfig: { fromStatus: "todo", toStatus: "in_progress" },
      actions: [{ type: "update_task_status", config: { target: "trigger", status: "completed" } }],
    });
    const design = await newTask(p.client, "Logo sketches", "Design");
    const other = await newTask(p.client, "Invoices", "Admin");
    await p.client.patch(`/api/tasks/${other.id}`, { status: "completed" });
    await p.client.patch(`/api/tasks/${design.id}`, { status: "completed" });
    const runs = await settled(p.client, 1);
    expect(runs.map((r) => [r.workflowName, r.status])).toEqual([["Follow-ups", "completed"]]);
    expect(runs[0]!.outcomes).toEqual([
      { type: "create_task", status: "completed", summary: "Created task “Follow up: Logo sketches”" },
    ]);
    expect((await taskTitles(p.client)).filter((t) => t.startsWith("Follow up"))).toEqual([
      "Follow up: Logo sketches",
    ]);

    // The second workflow completes the task that was started; it is an Admin task, so the
    // Design-only follow-up workflow stays quiet.
    const started = await newTask(p.client, "Quarterly taxes", "Admin");
    await p.client.patch(`/api/tasks/${started.id}`, { status: "in_progress" });
    await settled(p.client, 2);
    const moved = await p.client.get<{ tasks: TaskDto[] }>("/api/tasks?limit=100");
    expect(moved.body.tasks.find((t) => t.id === started.id)?.status).toBe("completed");

    // Dispatching and running again changes nothing: one run per event.
    const all = await history(p.client);
    await engine().dispatch();
    for (const run of all) expect(await engine().run(run.id)).toBe("skipped");
    expect((await history(p.client)).length).toBe(all.length);
    await server.kairo.deps.events.idle();
    expect(announced).toEqual(["workflow.created", "workflow.created", "workflow.run", "workflow.run"]);
    for (const off of stop) off();
  });

  it("calendar_event: a synced event starting soon creates a prep task, and a new matching event notifies", async () => {
    const p = await createVerifiedUser(server);
    const userId = await userIdOf(p);
    await newWorkflow(p.client, {
      name: "Meeting prep",
      triggerType: "calendar_event",
      triggerConfig: { kind: "starts_within", minutes: 60 },
      actions: [{ type: "create_task", config: { title: "Prep: {{event.title}}", category: "Meeting" } }],
    });
    await newWorkflow(p.client, {
      name: "Interviews",
      triggerType: "calendar_event",
      triggerConfig: { kind: "new_event", keyword: "interview" },
      actions: [{ type: "send_notification", config: { title: "Booked: {{event.title}}" } }],
    });
    const [conn] = await db()
      .insert(calendarConnections)
      .values({ userId, provider: "google", calendarEmail: `${userId}@example.com` })
      .returning();
    const now = Date.now();
    await db()
      .insert(syncedEvents)
      .values([
        {
          userId,
          connectionId: conn!.id,
          externalId: "e1",
          title: "Design review",
          startTime: new Date(now + 30 * 60_000),
          provider: "google",
        },
        {
          userId,
          connectionId: conn!.id,
          externalId: "e2",
          title: "Interview with Sam",
          startTime: new Date(now + 3 * 86_400_000),
          provider: "google",
        },
      ]);
    await engine().sweep();
    await engine().sweep(); // a second pass fires nothing new
    const runs = await settled(p.client, 2);
    expect(runs.map((r) => r.workflowName).sort()).toEqual(["Interviews", "Meeting prep"]);
    expect(await taskTitles(p.client)).toContain("Prep: Design review");
    const bell = await p.client.get<NotificationListResponse>("/api/notifications");
    expect(bell.body.notifications.map((n) => n.title)).toContain("Booked: Interview with Sam");
  });

  it("time_based: fires once per due time, and after downtime catches up only the latest missed run", async () => {
    const p = await createVerifiedUser(server);
    const done = await newTask(p.client, "Shipped");
    await p.client.patch(`/api/tasks/${done.id}`, { status: "completed" });
    // A repeating task's completed occurrence counts as a task completed (decision 261).
    const series = await newTask(p.client, "Stand-up");
    const recurrence = { rrule: "FREQ=DAILY", start: startAt(new Date(), "UTC"), timeZone: "UTC" };
    expect((await p.client.patch(`/api/tasks/${series.id}`, { recurrence })).status).toBe(200);
    expect((await p.client.patch(`/api/tasks/${series.id}`, { completed: true })).status).toBe(200);
    const start = new Date();
    server.clock.set(start);
    try {
      const wf = await newWorkflow(p.client, {
        name: "Hourly report",
        triggerType: "time_based",
        triggerConfig: { schedule: { kind: "cron", cron: "0 * * * *" }, timeZone: "UTC" },
        actions: [{ type: "generate_report", config: { period: "day" } }],
      });
      const due = new Date(wf.nextRunAt!);
      expect(due.getUTCMinutes()).toBe(0);
      server.clock.set(new Date(due.getTime() - 5_000));
      await engine().sweep();
      expect(await history(p.client)).toEqual([]);
      server.clock.set(new Date(due.getTime() + 5_000));
      await engine().sweep();
      await engine().sweep();
      const first = await settled(p.client, 1);
      expect(first).toHaveLength(1);
      expect(first[0]!.report).toMatchObject({ period: "day", tasksCompleted: 2 });
      // Down for three hours: one catch-up run, for the latest due time.
      server.clock.set(new Date(due.getTime() + 3 * 3_600_000 + 5_000));
      await engine().sweep();
      await engine().sweep();
      const runs = await settled(p.client, 2);
      expect(runs).toHaveLength(2);
      expect(runs[0]!.trigger).toContain(new Date(due.getTime() + 3 * 3_600_000).toISOString());
    } finally {
      server.clock.reset();
    }
  });

  it("project_milestone: the last open task of a category notifies, and the N-th completion generates a report", async () => {
    const p = await createVerifiedUser(server);
    await newWorkflow(p.client, {
      name: "Research cleared",
      triggerType: "project_milestone",
      triggerConfig: { kind: "category_cleared", category: "Research" },
      actions: [{ type: "send_notification", config: { title: "Research done, last: {{task.title}}" } }],
    });
    await newWorkflow(p.client, {
      name: "Two research tasks",
      triggerType: "project_milestone",
      triggerConfig: { kind: "tasks_completed", category: "Research", count: 2 },
      actions: [{ type: "generate_report", config: { period: "week" } }],
    });
    const r1 = await newTask(p.client, "Read papers", "Research");
    const r2 = await newTask(p.client, "Interview users", "Research");
    await p.client.patch(`/api/tasks/${r1.id}`, { status: "completed" });
    await engine().kick();
    expect(await history(p.client)).toEqual([]);
    await p.client.patch(`/api/tasks/${r2.id}`, { status: "completed" });
    const runs = await settled(p.client, 2);
    expect(runs.map((r) => r.workflowName).sort()).toEqual(["Research cleared", "Two research tasks"]);
    const report = runs.find((r) => r.workflowName === "Two research tasks")!;
    expect(report.report).toMatchObject({ period: "week", tasksCompleted: 2 });
    const bell = await p.client.get<NotificationListResponse>("/api/notifications");
    expect(bell.body.notifications.map((n) => n.title)).toEqual(
      expect.arrayContaining(["Research done, last: Interview users", "Your weekly report is ready"]),
    );
  });
});

describe("engine guarantees", () => {
  it("retries a run whose commit failed, with backoff; the mail it queued leaves once (the mail outbox under a failing commit)", async () => {
    const p = await createVerifiedUser(server);
    await newWorkflow(p.client, {
      name: "Mail me",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: [
        { type: "create_task", config: { title: "After {{task.title}}" } },
        { type: "send_notification", config: { title: "Done: {{task.title}}", email: true } },
      ],
    });
    // The database refuses the first commit of the run, after every action (the mail included) is done.
    await failCommitsWritingNotice("Done: Draft", 1);
    const mailed = () => server.outbox.list().filter((m) => m.to === p.email && m.subject === "Done: Draft");
    const t = await newTask(p.client, "Draft");
    await p.client.patch(`/api/tasks/${t.id}`, { status: "completed" });
    const retrying = await waitFor(
      () => history(p.client),
      (l) => l[0]?.status === "retrying",
      { what: "a retrying run" },
    );
    // The failed attempt's changes were undone, its mail with them: nothing was sent.
    expect(mailed()).toHaveLength(0);
    expect((await taskTitles(p.client)).filter((x) => x === "After Draft")).toHaveLength(0);
    expect(retrying[0]!.error).toMatch(/could not commit/);
    const runs = await waitFor(
      () => history(p.client),
      (l) => l[0]?.status === "completed",
      { what: "the retried run", timeoutMs: 20_000 },
    );
    expect(runs[0]).toMatchObject({ attempts: 2, error: null });
    expect((await taskTitles(p.client)).filter((x) => x === "After Draft")).toHaveLength(1);
    // The retry's mail leaves after its commit, once, under the run's Message-ID.
    await waitFor(
      async () => mailed().length,
      (n) => n > 0,
      { what: "the run's email" },
    );
    expect(mailed().map((m) => m.messageId)).toEqual([`<workflow-run.${runs[0]!.id}.mail.0@kairo.local>`]);
    // Running the run and the delivery again sends nothing more.
    expect(await engine().run(runs[0]!.id)).toBe("skipped");
    await server.kairo.deps.jobs.run(MAIL_DELIVERY_JOB);
    expect(mailed()).toHaveLength(1);
  });

  it("stops a loop at depth 3 and records why", async () => {
    const p = await createVerifiedUser(server);
    await newWorkflow(p.client, {
      name: "Ping",
      triggerType: "task_status",
      triggerConfig: { toStatus: "in_progress" },
      actions: [{ type: "update_task_status", config: { target: "trigger", status: "todo" } }],
    });
    await newWorkflow(p.client, {
      name: "Pong",
      triggerType: "task_status",
      triggerConfig: { fromStatus: "in_progress", toStatus: "todo" },
      actions: [{ type: "update_task_status", config: { target: "trigger", status: "in_progress" } }],
    });
    const t = await newTask(p.client, "Bouncing");
    await p.client.patch(`/api/tasks/${t.id}`, { status: "in_progress" });
    const runs = await settled(p.client, 4);
    expect(runs.map((r) => [r.workflowName, r.status]).reverse()).toEqual([
      ["Ping", "completed"],
      ["Pong", "completed"],
      ["Ping", "completed"],
      ["Pong", "failed"],
    ]);
    expect(runs[0]!.error).toMatch(/more than 3 times in a row/);
    await engine().kick();
    expect(await history(p.client)).toHaveLength(4);
  });

  it("pausing cancels queued runs and nothing runs while paused; deleting keeps the history", async () => {
    const p = await createVerifiedUser(server);
    const wf = await newWorkflow(p.client, { ...simpleNotify, name: "Pausable" });
    const userId = await userIdOf(p);
    // A run queued but not started (as if its job were still waiting in the queue).
    const [ev] = await db()
      .insert(workflowEvents)
      .values({
        userId,
        type: "task.status_changed",
        payload: { taskId: wf.id, title: "x", category: "General", from: "todo", to: "completed" },
      })
      .returning();
    const [queued] = await db()
      .insert(workflowExecutions)
      .values({ workflowId: wf.id, workflowName: wf.name, userId, eventId: ev!.id, status: "queued" })
      .returning();
    await db().update(workflowEvents).set({ dispatchedAt: new Date() }).where(eq(workflowEvents.id, ev!.id));
    expect(
      (await p.client.patch<WorkflowDto>(`/api/workflows/${wf.id}`, { isActive: false })).body.isActive,
    ).toBe(false);
    expect(await engine().run(queued!.id)).toBe("skipped");
    const t = await newTask(p.client, "While paused");
    await p.client.patch(`/api/tasks/${t.id}`, { status: "completed" });
    await engine().kick();
    const runs = await history(p.client);
    expect(runs.map((r) => r.status)).toEqual(["cancelled"]);
    expect(runs[0]!.error).toMatch(/paused/);

    expect((await p.client.patch(`/api/workflows/${wf.id}`, { isActive: true })).status).toBe(200);
    await p.client.patch(`/api/tasks/${t.id}`, { status: "todo" });
    await p.client.patch(`/api/tasks/${t.id}`, { status: "completed" });
    await settled(p.client, 2);
    expect((await p.client.delete(`/api/workflows/${wf.id}`)).status).toBe(204);
    const kept = await history(p.client);
    expect(kept).toHaveLength(2);
    expect(kept.every((r) => r.workflowId === null && r.workflowName === "Pausable (deleted workflow)")).toBe(
      true,
    );
    const one = await p.client.get<WorkflowExecutionDto>(`/api/workflow-executions/${kept[0]!.id}`);
    expect(one.body.outcomes[0]).toMatchObject({ type: "send_notification", status: "completed" });
  });

  it("holds a workflow that fires more than 60 times in a minute and tells the person", async () => {
    const p = await createVerifiedUser(server);
    const wf = await newWorkflow(p.client, { ...simpleNotify, name: "Noisy" });
    const userId = await userIdOf(p);
    const events = Array.from({ length: 61 }, (_, i) => ({
      userId,
      type: "task.status_changed",
      payload: { taskId: wf.id, title: `t${i}`, category: "General", from: "todo", to: "completed" },
    }));
    await db().insert(workflowEvents).values(events);
    await engine().dispatch();
    const [held] = await db()
      .select({ n: count() })
      .from(workflowExecutions)
      .where(and(eq(workflowExecutions.workflowId, wf.id), eq(workflowExecutions.status, "held")));
    expect(held?.n).toBe(1);
    const list = await p.client.get<WorkflowListResponse>("/api/workflows");
    expect(list.body.workflows[0]).toMatchObject({
      isActive: false,
      heldReason: expect.stringMatching(/60 times/),
    });
    const bell = await p.client.get<NotificationListResponse>("/api/notifications");
    expect(bell.body.notifications.map((n) => n.title)).toContain("Workflow held: Noisy");
    const [made] = await db().select({ n: count() }).from(tasks).where(eq(tasks.userId, userId));
    expect(made?.n).toBe(0);
  });

  it("holds a person's runs past their budget of 120 a minute across all their workflows, without pausing any", async () => {
    const p = await createVerifiedUser(server);
    const userId = await userIdOf(p);
    const now = new Date();
    server.clock.set(now);
    try {
      for (const name of ["A", "B", "C"]) await newWorkflow(p.client, { ...simpleNotify, name });
      // 118 runs of theirs in the last minute (of workflows since deleted): two places are left.
      await db()
        .insert(workflowExecutions)
        .values(
          Array.from({ length: 118 }, () => ({
            userId,
            workflowName: "Earlier",
            status: "completed",
            createdAt: new Date(now.getTime() - 30_000),
            startedAt: new Date(now.getTime() - 30_000),
          })),
        );
      const t = await newTask(p.client, "Busy minute");
      await p.client.patch(`/api/tasks/${t.id}`, { status: "completed" });
      await engine().kick();
      const mine = await db()
        .select({ status: workflowExecutions.status, error: workflowExecutions.errorMessage })
        .from(workflowExecutions)
        .where(
          and(
            eq(workflowExecutions.userId, userId),
            inArray(workflowExecutions.workflowName, ["A", "B", "C"]),
          ),
        );
      // Two run (queued, or already done), the third is held and says why.
      expect(mine).toHaveLength(3);
      const held = mine.filter((r) => r.status === "held");
      expect(held).toEqual([
        {
          status: "held",
          error:
            "Held: your workflows started 120 runs in the last minute, the most one account's workflows may start in a minute, so this run was skipped.",
        },
      ]);
      const list = await p.client.get<WorkflowListResponse>("/api/workflows");
      expect(list.body.workflows.every((w) => w.isActive && w.heldReason === null)).toBe(true);
    } finally {
      server.clock.reset();
    }
  });

  it("changes at most 50 tasks per run through matching-task actions, the oldest first, and says so", async () => {
    const p = await createVerifiedUser(server);
    for (let i = 0; i < 40; i++) await newTask(p.client, `Read ${i}`, "Research");
    for (let i = 0; i < 30; i++) await newTask(p.client, `Sketch ${i}`, "Design");
    const start = new Date();
    server.clock.set(start);
    try {
      const wf = await newWorkflow(p.client, {
        name: "Start the week",
        triggerType: "time_based",
        triggerConfig: { schedule: { kind: "cron", cron: "0 * * * *" }, timeZone: "UTC" },
        actions: [
          {
            type: "update_task_status",
            config: { target: "matching", status: "in_progress", filter: { category: "Research" } },
          },
          {
            type: "update_task_status",
            config: { target: "matching", status: "in_progress", filter: { category: "Design" } },
          },
        ],
      });
      server.clock.set(new Date(new Date(wf.nextRunAt!).getTime() + 5000));
      await engine().sweep();
      const [run] = await settled(p.client, 1);
      expect(run!.outcomes.map((o) => o.summary)).toEqual([
        "Moved 40 tasks to in progress",
        "Moved 10 tasks to in progress, the oldest first: a run changes at most 50 tasks, so the others wait for its next run",
      ]);
      const all = (await p.client.get<{ tasks: TaskDto[] }>("/api/tasks?limit=100")).body.tasks;
      const started = all.filter((t) => t.status === "in_progress").map((t) => t.title);
      expect(started).toHaveLength(50);
      expect(started.filter((t) => t.startsWith("Sketch ")).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `Sketch ${i}`).sort(),
      );
    } finally {
      server.clock.reset();
    }
  });
});
