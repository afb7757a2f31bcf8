import { describe, expect, it } from "vitest";
import type { WorkflowTemplateDto } from "#shared/contracts/workflows.ts";
import {
  type ActionDraft,
  addAction,
  checkDraft,
  draftFromTemplate,
  emptyDraft,
  MAX_ACTIONS,
  moveAction,
  oneOf,
  removeAction,
  replaceAction,
  toCreateBody,
  type WorkflowDraft,
  withActionType,
  withTriggerType,
} from "./workflow-draft.ts";

const titled = (draft: WorkflowDraft, title: string): WorkflowDraft =>
  replaceAction(draft, 0, { key: draft.actions[0]!.key, type: "create_task", config: { title } });

const template = (over: Partial<WorkflowTemplateDto>): WorkflowTemplateDto => ({
  id: "7d0c4b8e-2f57-4a37-9d1b-4c2a1f1f7a01",
  name: "Weekly review",
  description: "Every Friday",
  category: "Planning",
  useCount: 3,
  triggerType: "time_based",
  triggerConfig: { schedule: { kind: "weekly", day: 5, time: "16:00" }, timeZone: "America/New_York" },
  actions: [{ type: "generate_report", config: { period: "week", email: true } }],
  ...over,
});

describe("a new draft", () => {
  it("starts as 'task completed → create a task' and asks for the task's title first", () => {
    const draft = emptyDraft();
    expect(draft.trigger).toEqual({ type: "task_status", config: { toStatus: "completed" } });
    expect(draft.actions.map((a) => a.type)).toEqual(["create_task"]);
    expect(checkDraft(draft)).toEqual({ ok: false, errors: { "actions.0.config.title": "Enter a text" } });
  });

  it("becomes the body the server takes: texts trimmed, empty ones and unset settings left out", () => {
    const draft = {
      ...titled(emptyDraft(), "Follow up: {{task.title}}"),
      name: "  Follow up  ",
      description: " ",
    };
    expect(checkDraft(draft)).toEqual({
      ok: true,
      body: {
        name: "Follow up",
        triggerType: "task_status",
        triggerConfig: { toStatus: "completed" },
        actions: [{ type: "create_task", config: { title: "Follow up: {{task.title}}" } }],
      },
    });
    const soon: WorkflowDraft = {
      ...draft,
      trigger: { type: "calendar_event", config: { kind: "starts_within", minutes: 15, keyword: undefined } },
    };
    expect(Object.keys(toCreateBody(soon).triggerConfig)).toEqual(["kind", "minutes"]);
  });

  it("names the field of every problem the server's schema finds, once each", () => {
    const draft = withTriggerType(
      titled(emptyDraft(), "Report {{event.title}}"),
      "time_based",
      "Europe/Paris",
    );
    const scheduled = replaceAction(draft, 0, {
      key: 1,
      type: "update_task_status",
      config: { target: "trigger", status: "completed" },
    });
    expect(checkDraft({ ...scheduled, name: "x".repeat(101) })).toEqual({
      ok: false,
      errors: {
        name: "name may be at most 100 characters",
        "actions.0.config.target": "Only a task trigger has a triggering task: choose matching tasks instead",
      },
    });
    expect(checkDraft(draft)).toEqual({
      ok: false,
      errors: { "actions.0.config.title": "{{event.title}} has no value for a schedule trigger" },
    });
  });
});

describe("the trigger", () => {
  it("starts from the new type's own settings, a schedule in the zone given", () => {
    const draft = withTriggerType(emptyDraft(), "time_based", "Asia/Tokyo");
    expect(draft.trigger).toEqual({
      type: "time_based",
      config: { schedule: { kind: "weekdays", time: "09:00" }, timeZone: "Asia/Tokyo" },
    });
    expect(withTriggerType(draft, "time_based", "UTC")).toBe(draft);
    expect(withTriggerType(draft, "project_milestone", "UTC").trigger).toEqual({
      type: "project_milestone",
      config: { kind: "category_cleared", category: "General" },
    });
  });
});

describe("a template as a draft", () => {
  it("keeps its settings, runs its schedule in the person's zone and remembers the template", () => {
    const draft = draftFromTemplate(template({}), "Europe/Berlin");
    expect(draft.trigger).toEqual({
      type: "time_based",
      config: { schedule: { kind: "weekly", day: 5, time: "16:00" }, timeZone: "Europe/Berlin" },
    });
    expect(draft.actions).toEqual([
      { key: 1, type: "generate_report", config: { period: "week", email: true } },
    ]);
    expect(draft.templateId).toBe("7d0c4b8e-2f57-4a37-9d1b-4c2a1f1f7a01");
    expect(checkDraft(draft)).toMatchObject({ ok: true, body: { templateId: draft.templateId } });
  });

  it("takes the type's defaults for settings that do not parse, rather than carrying them", () => {
    const draft = draftFromTemplate(
      template({
        triggerType: "calendar_event",
        triggerConfig: { kind: "sometime" },
        actions: [{ type: "send_notification", config: { title: 5 } }],
      }),
      "UTC",
    );
    expect(draft.trigger).toEqual({ type: "calendar_event", config: { kind: "starts_within", minutes: 30 } });
    expect(draft.actions).toEqual([{ key: 1, type: "send_notification", config: { title: "" } }]);
  });
});

describe("the actions", () => {
  const keys = (d: WorkflowDraft) => d.actions.map((a) => a.key);

  it("are added as 'create a task' with a key never used, up to the schema's limit", () => {
    let draft = emptyDraft();
    for (let i = 0; i < MAX_ACTIONS + 3; i++) draft = addAction(draft);
    expect(draft.actions).toHaveLength(MAX_ACTIONS);
    expect(new Set(keys(draft)).size).toBe(MAX_ACTIONS);
    expect(draft.actions.every((a) => a.type === "create_task")).toBe(true);
    const again = addAction(removeAction(draft, 0));
    expect(new Set(keys(again)).size).toBe(MAX_ACTIONS);
  });

  it("move within the list and keep their keys; the last one cannot be removed", () => {
    const draft = addAction(addAction(emptyDraft()));
    expect(keys(moveAction(draft, 0, 1))).toEqual([2, 1, 3]);
    expect(keys(moveAction(draft, 2, -1))).toEqual([1, 3, 2]);
    expect(moveAction(draft, 0, -1)).toBe(draft);
    expect(moveAction(draft, 2, 1)).toBe(draft);
    expect(keys(removeAction(draft, 1))).toEqual([1, 3]);
    const one = emptyDraft();
    expect(removeAction(one, 0)).toBe(one);
  });

  it("start from the new type's settings when the type changes, in the same place", () => {
    const draft = addAction(titled(emptyDraft(), "Keep me"));
    const changed = withActionType(draft, 1, "update_task_status");
    const expected: ActionDraft = {
      key: 2,
      type: "update_task_status",
      config: { target: "trigger", status: "completed" },
    };
    expect(changed.actions).toEqual([draft.actions[0], expected]);
    expect(withActionType(changed, 1, "update_task_status")).toBe(changed);
  });
});

describe("oneOf", () => {
  it("answers a value only when it is one of the options", () => {
    expect(oneOf(["day", "week"], "week")).toBe("week");
    expect(oneOf(["day", "week"], "")).toBeUndefined();
    expect(oneOf(["day", "week"], "year")).toBeUndefined();
  });
});
