// Workflows over time (issue 22 points 2 and 3), with the server's clock moved: what runs obeys the
// plan when it runs, not only when it was made (a demo preview's extra workflows stop when it
// ends, a lapsed trial's stop firing and say why, pausing and deleting always work), and one
// account's many every-minute workflows neither crowd out another person's schedule in the sweep
// nor hold that person's run behind theirs in the queue. The engine is driven by hand here
// (dispatch, sweep, run), so every step happens at the clock the test set.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { workflowEvents, workflowExecutions, workflows } from "#server/db/schema/workflows.ts";
import { createInProcessQueue } from "#server/jobs/in-process.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { WorkflowDto, WorkflowListResponse } from "#shared/contracts/workflows.ts";
import { SWEEP_TRIGGERS_PER_PERSON } from "#shared/domain/workflow-rules.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

const { server, db } = testServerForFile({ RATE_LIMIT_DISABLED: "true" });
const engine = () => server.kairo.deps.workflows;

const MINUTE = 60_000;
const OVER_LIMIT = "Paused: over your plan's limit of 5 active workflows";
const NO_FEATURE = "Paused: Workflow Automation is part of the Pro plan. Upgrade to Pro to run it again.";

const everyMinute = (name: string) => ({
  name,
  triggerType: "time_based",
  triggerConfig: { schedule: { kind: "cron", cron: "* * * * *" }, timeZone: "UTC" },
  actions: [{ type: "send_notification", config: { title: `Tick: ${name}` } }],
});
const onCompletion = (name: string) => ({
  name,
  triggerType: "task_status",
  triggerConfig: { toStatus: "completed" },
  actions: [{ type: "send_notification", config: { title: `Done: ${name}` } }],
});

/** A minute boundary an hour from now (so a trial started at it has days to run). */
const aMinute = () => new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + 60 * MINUTE);

async function signUpAt(at: Date) {
  server.clock.set(at);
  const person = await createVerifiedUser(server);
  const id = (await person.client.get<{ id: string }>("/api/me")).body.id;
  return { ...person, id };
}

async function create(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post<WorkflowDto>("/api/workflows", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // One second apart, so "the oldest first" has an order to follow.
  server.clock.advance(1000);
  return res.body;
}

const list = async (client: TestClient) => (await client.get<WorkflowListResponse>("/api/workflows")).body;

/** The names of the workflows the person's runs belong to, by status. */
async function runsOf(userId: string) {
  const rows = await db()
    .select({ name: workflowExecutions.workflowName, status: workflowExecutions.status })
    .from(workflowExecutions)
    .where(eq(workflowExecutions.userId, userId));
  return rows;
}

describe("a demo preview's extra workflows", () => {
  it("stop when the preview ends: the five oldest run, the other seven show why and cannot be switched on", async () => {
    const start = aMinute();
    const p = await signUpAt(start);
    const made: WorkflowDto[] = [];
    for (let i = 0; i < 5; i++) made.push(await create(p.client, everyMinute(`W${i}`)));
    expect((await p.client.post<ErrorBody>("/api/workflows", everyMinute("W5"))).status).toBe(403);
    // The preview counts as Team: seven more are taken, and all twelve run.
    expect((await p.client.post("/api/demo")).status).toBe(201);
    for (let i = 5; i < 12; i++) made.push(await create(p.client, everyMinute(`W${i}`)));
    const during = await list(p.client);
    expect(during).toMatchObject({ limit: null, activeCount: 12 });
    expect(during.workflows.every((w) => w.pausedByPlan === null && w.nextRunAt !== null)).toBe(true);

    // Past the preview's end (30 minutes): the trial's limit of five holds again, oldest first.
    server.clock.set(new Date(start.getTime() + 31 * MINUTE + 5000));
    const after = await list(p.client);
    expect(after).toMatchObject({ limit: 5, activeCount: 12 });
    const byName = new Map(after.workflows.map((w) => [w.name, w]));
    for (let i = 0; i < 12; i++) {
      expect(byName.get(`W${i}`), `W${i}`).toMatchObject(
        i < 5
          ? { isActive: true, pausedByPlan: null }
          : { isActive: true, pausedByPlan: OVER_LIMIT, nextRunAt: null },
      );
    }
    await engine().sweep();
    const fired = await runsOf(p.id);
    expect(fired.map((r) => r.name).sort()).toEqual(["W0", "W1", "W2", "W3", "W4"]);
    expect(fired.every((r) => r.status === "queued")).toBe(true);

    // Switching one of the seven on is refused with the Team offer; pausing and deleting work.
    const refused = await p.client.patch<ErrorBody>(`/api/workflows/${made[7]!.id}`, { isActive: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "team" });
    expect((await p.client.patch(`/api/workflows/${made[11]!.id}`, { isActive: false })).status).toBe(200);
    expect((await p.client.delete(`/api/workflows/${made[10]!.id}`)).status).toBe(204);
    // Pausing one of the five lets the oldest of the others run in its place.
    expect((await p.client.patch(`/api/workflows/${made[0]!.id}`, { isActive: false })).status).toBe(200);
    const swapped = new Map((await list(p.client)).workflows.map((w) => [w.name, w.pausedByPlan]));
    expect(swapped.get("W5")).toBeNull();
    expect(swapped.get("W6")).toBe(OVER_LIMIT);
    server.clock.advance(MINUTE);
    await engine().sweep();
    const second = (await runsOf(p.id)).map((r) => r.name);
    expect(second.filter((n) => n === "W5")).toHaveLength(1);
    expect(second.filter((n) => ["W6", "W7", "W8", "W9"].includes(n))).toEqual([]);
  });

  it("cancels, with the reason, a run queued during the preview that would start after it", async () => {
    const start = aMinute();
    const p = await signUpAt(start);
    for (let i = 0; i < 5; i++) await create(p.client, onCompletion(`T${i}`));
    expect((await p.client.post("/api/demo")).status).toBe(201);
    for (let i = 5; i < 7; i++) await create(p.client, onCompletion(`T${i}`));
    const task = (await p.client.post<TaskDto>("/api/tasks", { title: "Ship it" })).body;
    expect((await p.client.patch(`/api/tasks/${task.id}`, { status: "completed" })).status).toBe(200);
    await engine().kick();
    const queued = await db()
      .select({ id: workflowExecutions.id, name: workflowExecutions.workflowName })
      .from(workflowExecutions)
      .where(eq(workflowExecutions.userId, p.id));
    expect(queued).toHaveLength(7);
    server.clock.set(new Date(start.getTime() + 31 * MINUTE));
    for (const run of queued) await engine().run(run.id);
    const ended = await runsOf(p.id);
    expect(
      ended
        .filter((r) => r.status === "completed")
        .map((r) => r.name)
        .sort(),
    ).toEqual(["T0", "T1", "T2", "T3", "T4"]);
    const cancelled = await db()
      .select({ name: workflowExecutions.workflowName, error: workflowExecutions.errorMessage })
      .from(workflowExecutions)
      .where(and(eq(workflowExecutions.userId, p.id), eq(workflowExecutions.status, "cancelled")));
    expect(cancelled.map((c) => c.name).sort()).toEqual(["T5", "T6"]);
    expect(cancelled.every((c) => c.error === `Cancelled: ${OVER_LIMIT}`)).toBe(true);

    // A task completed after the preview: five runs, and nothing at all for the other two.
    const later = (await p.client.post<TaskDto>("/api/tasks", { title: "Ship again" })).body;
    await p.client.patch(`/api/tasks/${later.id}`, { status: "completed" });
    await engine().kick();
    expect((await runsOf(p.id)).length).toBe(7 + 5);
  });
});

describe("a trial that ended", () => {
  it("stops its workflows firing, writes nothing each minute, says why, and lets them be paused and deleted", async () => {
    const start = aMinute();
    const p = await signUpAt(start);
    const scheduled = await create(p.client, everyMinute("Every minute"));
    const followUp = await create(p.client, onCompletion("Follow-up"));
    // Eight days on: the 7-day trial is over.
    const lapsed = new Date(start.getTime() + 8 * 86_400_000);
    server.clock.set(lapsed);
    const shown = await list(p.client);
    expect(shown).toMatchObject({ limit: 0, activeCount: 2 });
    expect(shown.workflows.map((w) => [w.name, w.pausedByPlan, w.nextRunAt])).toEqual([
      ["Follow-up", NO_FEATURE, null],
      ["Every minute", NO_FEATURE, null],
    ]);
    // Five minutes of sweeps and a completed task: no run, no trigger event, no failed run.
    for (let i = 0; i < 5; i++) {
      await engine().sweep();
      server.clock.advance(MINUTE);
    }
    const task = (await p.client.post<TaskDto>("/api/tasks", { title: "Still working" })).body;
    await p.client.patch(`/api/tasks/${task.id}`, { status: "completed" });
    await engine().kick();
    expect(await runsOf(p.id)).toEqual([]);
    const scheduleEvents = await db()
      .select()
      .from(workflowEvents)
      .where(and(eq(workflowEvents.userId, p.id), eq(workflowEvents.type, "schedule.due")));
    expect(scheduleEvents).toEqual([]);

    // Switching on needs the plan; pausing and deleting do not.
    const on = await p.client.patch<ErrorBody>(`/api/workflows/${scheduled.id}`, { isActive: true });
    expect(on.status).toBe(403);
    expect(on.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "pro" });
    const paused = await p.client.patch<WorkflowDto>(`/api/workflows/${scheduled.id}`, { isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ isActive: false, pausedByPlan: null });
    expect((await p.client.delete(`/api/workflows/${followUp.id}`)).status).toBe(204);

    // Buying Pro: a workflow made now runs at once.
    await buyPlan(server, p.client, "pro");
    const again = await create(p.client, everyMinute("After buying"));
    expect((await list(p.client)).workflows.find((w) => w.id === again.id)?.pausedByPlan).toBeNull();
    server.clock.advance(MINUTE);
    await engine().sweep();
    expect((await runsOf(p.id)).map((r) => r.name)).toEqual(["After buying"]);
  });
});

describe("fairness: one account's many every-minute workflows", () => {
  it("leave another person's schedule fired in its minute and run ahead of their backlog", async () => {
    const m0 = aMinute();
    // The heavy account, on Team, at the cap: 100 every-minute workflows, all overdue.
    const heavy = await signUpAt(new Date(m0.getTime() - 10 * MINUTE));
    await buyPlan(server, heavy.client, "team");
    const inserted = await db()
      .insert(workflows)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          userId: heavy.id,
          name: `Heavy ${String(i).padStart(3, "0")}`,
          triggerType: "time_based",
          triggerConfig: everyMinute("x").triggerConfig,
          actions: everyMinute("x").actions,
          createdAt: new Date(m0.getTime() - 10 * MINUTE + i),
          nextRunAt: new Date(m0.getTime() - 5 * MINUTE + i * 1000),
        })),
      )
      .returning({ id: workflows.id, nextRunAt: workflows.nextRunAt });
    const heavyIds = new Set(inserted.map((w) => w.id));
    // The other person: one schedule, due at the next minute.
    const light = await signUpAt(new Date(m0.getTime() + 10_000));
    const mine = await create(light.client, everyMinute("Mine"));
    expect(mine.nextRunAt).toBe(new Date(m0.getTime() + MINUTE).toISOString());

    // Runs go to a queue of the real in-process driver that starts only once both sweeps are done,
    // so the order it takes them in shows who waits for whom.
    const queue = createInProcessQueue({
      definitions: engine().jobs,
      logger: server.kairo.deps.logger,
      clock: server.clock.now,
    });
    engine().attach(queue);
    const order: string[] = [];
    const off = server.kairo.deps.events.on("workflow.run", (e) => void order.push(e.executionId));
    try {
      const fired = async (userId: string, since: Date) =>
        db()
          .select({ id: workflowExecutions.id, workflowId: workflowExecutions.workflowId })
          .from(workflowExecutions)
          .where(and(eq(workflowExecutions.userId, userId), inArray(workflowExecutions.createdAt, [since])));

      // Minute 1: the light person's schedule fires although 100 older ones of the heavy account are due.
      const s1 = new Date(m0.getTime() + MINUTE + 5000);
      server.clock.set(s1);
      await engine().sweep();
      const light1 = await fired(light.id, s1);
      const heavy1 = await fired(heavy.id, s1);
      expect(light1.map((r) => r.workflowId)).toEqual([mine.id]);
      expect(heavy1).toHaveLength(SWEEP_TRIGGERS_PER_PERSON);
      // The heavy account's oldest due ones went first.
      const oldest = inserted.slice(0, SWEEP_TRIGGERS_PER_PERSON).map((w) => w.id);
      expect(heavy1.map((r) => r.workflowId).sort()).toEqual(oldest.sort());

      // Minute 2, with the heavy account's first ten still waiting: the next ten of theirs, not the
      // same ones, and the light person's next run.
      const s2 = new Date(m0.getTime() + 2 * MINUTE + 1000);
      server.clock.set(s2);
      await engine().sweep();
      const light2 = await fired(light.id, s2);
      const heavy2 = await fired(heavy.id, s2);
      expect(light2).toHaveLength(1);
      expect(heavy2).toHaveLength(SWEEP_TRIGGERS_PER_PERSON);
      expect(heavy2.some((r) => heavy1.some((h) => h.workflowId === r.workflowId))).toBe(false);
      expect(heavy2.every((r) => heavyIds.has(r.workflowId!))).toBe(true);

      // The queue takes the light person's second run before any of the heavy account's second ten.
      await queue.start();
      await queue.drain();
      // Each run is announced once it commits, in the order they ran.
      await server.kairo.deps.events.idle();
      // Only the runs of these two sweeps: the server's own every-minute sweep (real time) may also
      // fire while a slow run of this test crosses a minute, and its runs are not what is compared.
      const swept = new Set([...light1, ...heavy1, ...light2, ...heavy2].map((r) => r.id));
      const ran = order.filter((id) => swept.has(id));
      const at = (id: string) => ran.indexOf(id);
      expect(ran).toHaveLength(2 * SWEEP_TRIGGERS_PER_PERSON + 2);
      expect(heavy2.every((r) => at(light2[0]!.id) < at(r.id))).toBe(true);
    } finally {
      off();
      await queue.stop();
      engine().attach(server.kairo.deps.jobs);
    }
  });
});
