import { describe, expect, it } from "vitest";
import { workflowCreateBody } from "../contracts/workflows.ts";
import {
  cronProblem,
  floodHeld,
  latestRun,
  loopGuard,
  MAX_CHAIN_DEPTH,
  matchesTaskStatus,
  milestoneReached,
  nextRuns,
  projectsNamed,
  renderTemplate,
  scheduleCron,
  templateProblem,
} from "./workflow-rules.ts";
import { WORKFLOW_TEMPLATES } from "./workflow-templates.ts";

const iso = (d: Date[]) => d.map((x) => x.toISOString());

describe("template rendering", () => {
  it("fills known variables and tidies what has no value", () => {
    expect(renderTemplate("Follow up: {{task.title}}", { "task.title": "Ship v2" })).toBe(
      "Follow up: Ship v2",
    );
    expect(
      renderTemplate("Prep {{ event.title }} on {{date}}", { "event.title": "Sync", date: "2031-03-03" }),
    ).toBe("Prep Sync on 2031-03-03");
    expect(renderTemplate("Review {{task.title}} now", {})).toBe("Review now");
  });

  it("names unknown variables and variables the trigger cannot fill", () => {
    expect(templateProblem("Hi {{user.name}}")).toMatch(/Unknown variable \{\{user\.name\}\}/);
    expect(templateProblem("Prep {{event.title}}", "task_status")).toMatch(/no value/);
    expect(templateProblem("Daily {{date}}", "time_based")).toBeNull();
    expect(templateProblem("Done {{task.title}}", "project_milestone")).toBeNull();
  });
});

describe("schedules", () => {
  it("turns the friendly picker into cron", () => {
    expect(scheduleCron({ kind: "daily", time: "09:00" })).toBe("0 9 * * *");
    expect(scheduleCron({ kind: "weekdays", time: "09:30" })).toBe("30 9 * * 1-5");
    expect(scheduleCron({ kind: "weekly", day: 5, time: "16:00" })).toBe("0 16 * * 5");
  });

  it("refuses cron strings that do not parse", () => {
    expect(cronProblem("0 9 * * 1-5")).toBeNull();
    expect(cronProblem("every day")).toMatch(/five fields/);
    expect(cronProblem("61 9 * * *")).toMatch(/does not parse/);
  });

  it("fires at 09:00 local time on both sides of a daylight-saving change", () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 on 2031-03-30.
    const runs = nextRuns(
      { kind: "daily", time: "09:00" },
      "Europe/Berlin",
      new Date("2031-03-28T12:00:00Z"),
      4,
    );
    expect(iso(runs)).toEqual([
      "2031-03-29T08:00:00.000Z",
      "2031-03-30T07:00:00.000Z",
      "2031-03-31T07:00:00.000Z",
      "2031-04-01T07:00:00.000Z",
    ]);
    // New York falls back on 2031-11-02: weekdays at 09:00 stay 09:00 local.
    const ny = nextRuns(
      { kind: "weekdays", time: "09:00" },
      "America/New_York",
      new Date("2031-10-30T20:00:00Z"),
      3,
    );
    expect(iso(ny)).toEqual([
      "2031-10-31T13:00:00.000Z",
      "2031-11-03T14:00:00.000Z",
      "2031-11-04T14:00:00.000Z",
    ]);
  });

  it("fires once for a local time the clock skips", () => {
    const runs = nextRuns(
      { kind: "daily", time: "02:30" },
      "Europe/Berlin",
      new Date("2031-03-29T12:00:00Z"),
      2,
    );
    expect(runs).toHaveLength(2);
    expect(runs[1]!.getTime() - runs[0]!.getTime()).toBeGreaterThan(20 * 3600_000);
  });

  it("finds the latest due time for a catch-up", () => {
    const s = { kind: "daily", time: "09:00" } as const;
    expect(latestRun(s, "UTC", new Date("2031-05-05T09:00:00Z")).toISOString()).toBe(
      "2031-05-05T09:00:00.000Z",
    );
    expect(latestRun(s, "UTC", new Date("2031-05-05T08:59:00Z")).toISOString()).toBe(
      "2031-05-04T09:00:00.000Z",
    );
  });
});

describe("trigger matching", () => {
  it("matches a status change by from, to and category", () => {
    const change = { from: "in_progress", to: "completed", category: "Design" } as const;
    expect(matchesTaskStatus({}, change)).toBe(true);
    expect(matchesTaskStatus({ toStatus: "completed" }, change)).toBe(true);
    expect(matchesTaskStatus({ toStatus: "todo" }, change)).toBe(false);
    expect(matchesTaskStatus({ fromStatus: "todo" }, change)).toBe(false);
    expect(matchesTaskStatus({ toStatus: "completed", category: "Admin" }, change)).toBe(false);
    expect(matchesTaskStatus({}, { from: "todo", to: "todo", category: "Design" })).toBe(false);
  });

  it("reaches a milestone on the completion that makes it true, once", () => {
    const done = { from: "todo", to: "completed", category: "Design" } as const;
    const cleared = { kind: "category_cleared", category: "Design" } as const;
    expect(milestoneReached(cleared, done, { openInCategory: 0, completedSinceCreated: 4 })).toBe(true);
    expect(milestoneReached(cleared, done, { openInCategory: 1, completedSinceCreated: 4 })).toBe(false);
    expect(
      milestoneReached(
        cleared,
        { ...done, category: "Admin" },
        { openInCategory: 0, completedSinceCreated: 1 },
      ),
    ).toBe(false);
    const three = { kind: "tasks_completed", category: "Design", count: 3 } as const;
    expect(milestoneReached(three, done, { openInCategory: 5, completedSinceCreated: 3 })).toBe(true);
    expect(milestoneReached(three, done, { openInCategory: 5, completedSinceCreated: 4 })).toBe(false);
    expect(
      milestoneReached(
        three,
        { ...done, to: "in_progress" },
        { openInCategory: 5, completedSinceCreated: 3 },
      ),
    ).toBe(false);
  });
});

describe("workflows and projects (decision 215)", () => {
  const P = "11111111-1111-4111-8111-111111111111";
  const Q = "22222222-2222-4222-8222-222222222222";
  const M = "33333333-3333-4333-8333-333333333333";

  it("hears a project's tasks whoever changes them, and otherwise only the owner's own changes", () => {
    const change = { from: "todo", to: "completed", category: "Design", projectId: P } as const;
    expect(matchesTaskStatus({ projectId: P }, { ...change, byOwner: false })).toBe(true);
    expect(matchesTaskStatus({ projectId: Q }, change)).toBe(false);
    expect(matchesTaskStatus({ projectId: P }, { ...change, projectId: null })).toBe(false);
    expect(matchesTaskStatus({}, { ...change, byOwner: false })).toBe(false);
    expect(matchesTaskStatus({}, { ...change, byOwner: true })).toBe(true);
    // Events recorded before projects name no actor: the owner's own.
    expect(matchesTaskStatus({}, { from: "todo", to: "completed", category: "Design" })).toBe(true);
  });

  it("reaches a project milestone when its last open task is completed, by anyone", () => {
    const cfg = { kind: "milestone_done", projectId: P, milestoneId: M } as const;
    const done = {
      from: "todo",
      to: "completed",
      category: "Admin",
      milestoneId: M,
      byOwner: false,
    } as const;
    const facts = { openInCategory: 3, completedSinceCreated: 0 };
    expect(milestoneReached(cfg, done, { ...facts, openInMilestone: 0 })).toBe(true);
    expect(milestoneReached(cfg, done, { ...facts, openInMilestone: 1 })).toBe(false);
    // Unknown (nobody counted it), another milestone, no completion, or a completed task edited.
    expect(milestoneReached(cfg, done, facts)).toBe(false);
    expect(milestoneReached(cfg, { ...done, milestoneId: Q }, { ...facts, openInMilestone: 0 })).toBe(false);
    expect(milestoneReached(cfg, { ...done, to: "in_progress" }, { ...facts, openInMilestone: 0 })).toBe(
      false,
    );
    expect(milestoneReached(cfg, { ...done, from: "completed" }, { ...facts, openInMilestone: 0 })).toBe(
      false,
    );
    // The category rules stay personal: someone else's completion does not count.
    const cleared = { kind: "category_cleared", category: "Admin" } as const;
    expect(milestoneReached(cleared, done, { ...facts, openInCategory: 0 })).toBe(false);
    expect(milestoneReached(cleared, { ...done, byOwner: true }, { ...facts, openInCategory: 0 })).toBe(true);
  });

  it("names the projects a definition reads and writes", () => {
    const named = (triggerConfig: Record<string, unknown>, actions: unknown[]) =>
      projectsNamed({
        triggerType: "task_status",
        triggerConfig,
        actions: actions as Parameters<typeof projectsNamed>[0]["actions"],
      });
    expect(named({}, [{ type: "create_task", config: { title: "x" } }])).toEqual({ read: [], write: [] });
    expect(
      named({ projectId: P }, [
        { type: "update_task_status", config: { target: "trigger", status: "completed" } },
        { type: "create_task", config: { title: "x", projectId: Q } },
        { type: "send_notification", config: { title: "x" } },
      ]),
    ).toEqual({ read: [P], write: [P, Q] });
    expect(
      named({}, [
        {
          type: "update_task_status",
          config: { target: "matching", status: "todo", filter: { projectId: Q } },
        },
        { type: "update_task_status", config: { target: "trigger", status: "todo" } },
      ]),
    ).toEqual({ read: [], write: [Q] });
  });

  it("accepts a project milestone trigger only with both ids", () => {
    const body = (triggerConfig: object) =>
      workflowCreateBody.safeParse({
        triggerType: "project_milestone",
        triggerConfig,
        actions: [{ type: "send_notification", config: { title: "{{task.title}} closed it" } }],
      });
    expect(body({ kind: "milestone_done", projectId: P, milestoneId: M }).success).toBe(true);
    const missing = body({ kind: "milestone_done", projectId: P, milestoneId: "" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ["triggerConfig", "milestoneId"],
      message: "Choose a milestone",
    });
    expect(body({ kind: "milestone_done", projectId: "not-an-id", milestoneId: M }).success).toBe(false);
  });
});

describe("guards", () => {
  it("stops a chain deeper than 3 with a reason", () => {
    for (let d = 1; d <= MAX_CHAIN_DEPTH; d++) expect(loopGuard(d)).toBeNull();
    expect(loopGuard(MAX_CHAIN_DEPTH + 1)).toMatch(/more than 3 times in a row/);
  });

  it("holds a workflow firing more than 60 times a minute", () => {
    expect(floodHeld(59)).toBe(false);
    expect(floodHeld(60)).toBe(true);
  });
});

describe("workflow definitions", () => {
  const valid = {
    triggerType: "task_status",
    triggerConfig: { toStatus: "completed" },
    actions: [{ type: "create_task", config: { title: "Follow up: {{task.title}}" } }],
  };
  const fieldsOf = (body: unknown) => {
    const r = workflowCreateBody.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };

  it("accepts every built-in template", () => {
    expect(WORKFLOW_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    for (const { category: _c, ...t } of WORKFLOW_TEMPLATES) expect(fieldsOf(t), t.name).toEqual([]);
  });

  it("names the field of each kind of bad input", () => {
    expect(fieldsOf(valid)).toEqual([]);
    expect(fieldsOf({ ...valid, triggerType: "webhook" })).toEqual(["triggerType"]);
    expect(fieldsOf({ ...valid, triggerConfig: { toStatus: "done" } })).toEqual(["triggerConfig.toStatus"]);
    expect(fieldsOf({ ...valid, actions: [{ type: "send_sms", config: {} }] })).toEqual(["actions.0.type"]);
    expect(
      fieldsOf({ ...valid, actions: [{ type: "create_task", config: { title: "Hi {{who}}" } }] }),
    ).toEqual(["actions.0.config.title"]);
    expect(
      fieldsOf({
        triggerType: "time_based",
        triggerConfig: { schedule: { kind: "cron", cron: "99 * * * *" }, timeZone: "UTC" },
        actions: valid.actions,
      }),
    ).toContain("triggerConfig.schedule.cron");
    expect(
      fieldsOf({
        triggerType: "time_based",
        triggerConfig: { schedule: { kind: "daily", time: "09:00" }, timeZone: "Mars/Olympus" },
        actions: [{ type: "generate_report", config: { period: "week" } }],
      }),
    ).toEqual(["triggerConfig.timeZone"]);
    expect(fieldsOf({ ...valid, actions: [] })).toEqual(["actions"]);
  });
});
