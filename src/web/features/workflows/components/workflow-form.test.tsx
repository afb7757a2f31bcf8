// @vitest-environment happy-dom
// The Create New form as a person uses it: the draft's rules, the typed trigger and action settings and
// the server's answers, through Testing Library (roles and labels, as a screen reader finds them).
import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { WorkflowDto } from "#shared/contracts/workflows.ts";
import { type ApiRequest, apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { emptyDraft, type WorkflowDraft } from "../workflow-draft.ts";
import { WorkflowForm } from "./workflow-form.tsx";

const created = (request: ApiRequest): WorkflowDto => {
  const body = request.body as Pick<WorkflowDto, "name" | "triggerType" | "triggerConfig" | "actions">;
  return {
    id: "0b8d5a49-5a4b-4a5e-9f0e-6f0a4c1d2e3f",
    name: body.name ?? "Untitled workflow",
    description: null,
    triggerType: body.triggerType,
    triggerConfig: body.triggerConfig,
    actions: body.actions,
    isActive: true,
    heldReason: null,
    pausedByPlan: null,
    executionCount: 0,
    lastRunAt: null,
    nextRunAt: null,
    createdAt: "2026-11-27T09:00:00.000Z",
  };
};

const project = {
  id: "6f1c2b7e-3d4a-4b5c-8d9e-0a1b2c3d4e5f",
  name: "Launch",
  colour: "#6366f1",
  description: null,
  dueDate: null,
  kind: "team",
  ownerId: null,
  teamId: "team-1",
  isInbox: false,
  restricted: false,
  archivedAt: null,
  readOnly: false,
  taskCount: 3,
  openTaskCount: 2,
  can: { manage: true, editTasks: true, comment: true },
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
};
const milestone = {
  id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  projectId: project.id,
  name: "Beta",
  dueDate: null,
  taskCount: 3,
  completedCount: 1,
  progress: "1 of 3",
  createdAt: "2026-11-27T09:00:00.000Z",
};

function Form({
  onCreated = () => {},
  onPlanLimit = () => {},
}: {
  onCreated?: () => void;
  onPlanLimit?: (plan: "pro" | "team") => void;
}) {
  const [draft, setDraft] = useState<WorkflowDraft>(emptyDraft);
  return <WorkflowForm draft={draft} onChange={setDraft} onCreated={onCreated} onPlanLimit={onPlanLimit} />;
}

describe("the workflow form", () => {
  it("names the empty task title next to its field and sends nothing", async () => {
    const { user, requests } = renderWithApi(<Form />, () => ({ status: 500 }));
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    const title = screen.getByLabelText("Action 1 task title");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(title.getAttribute("aria-describedby")).toBe(screen.getByText("Enter a text").id);
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("sends the workflow built from the trigger's and the actions' settings, in the order shown", async () => {
    const onCreated = vi.fn();
    const { user, requests } = renderWithApi(<Form onCreated={onCreated} />, (request) => ({
      status: 201,
      body: created(request),
    }));
    await user.type(screen.getByLabelText("Workflow Name"), "  Meeting prep ");
    await user.selectOptions(screen.getByLabelText("Trigger Type"), "calendar_event");
    await user.selectOptions(screen.getByLabelText("When"), "new_event");
    await user.type(screen.getByLabelText("Title contains"), "Review");
    await user.type(screen.getByLabelText("Action 1 task title"), "Prepare {{{{event.title}}");
    await user.selectOptions(screen.getByLabelText("Action 1 category"), "Meeting");
    await user.click(screen.getByRole("button", { name: "Add action" }));
    await user.selectOptions(screen.getByLabelText("Action 2 type"), "send_notification");
    await user.type(screen.getByLabelText("Action 2 notification title"), "New meeting");
    await user.click(screen.getByRole("checkbox", { name: /Also email me\s*\(action 2\)/ }));
    await user.click(screen.getByRole("button", { name: "Move action 2 up" }));
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));

    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    // (The project pickers read the person's projects.)
    expect(requests.filter((r) => r.method !== "GET")).toEqual([
      {
        method: "POST",
        path: "/api/workflows",
        body: {
          name: "Meeting prep",
          triggerType: "calendar_event",
          triggerConfig: { kind: "new_event", keyword: "Review" },
          actions: [
            { type: "send_notification", config: { title: "New meeting", email: true } },
            { type: "create_task", config: { title: "Prepare {{event.title}}", category: "Meeting" } },
          ],
        },
      },
    ]);
  });

  it("limits a milestone trigger to a project's milestone, chosen by their labels", async () => {
    const onCreated = vi.fn();
    const { user, requests } = renderWithApi(<Form onCreated={onCreated} />, (request) => {
      if (request.path === "/api/projects") return { status: 200, body: { projects: [project] } };
      if (request.path === `/api/projects/${project.id}/milestones`)
        return { status: 200, body: { milestones: [milestone] } };
      return { status: 201, body: created(request) };
    });
    await user.selectOptions(screen.getByLabelText("Trigger Type"), "project_milestone");
    await user.selectOptions(screen.getByLabelText("Milestone"), "milestone_done");
    expect((screen.getByLabelText("Project milestone") as HTMLSelectElement).disabled).toBe(true);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Project" }), "Launch (team)");
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Project milestone" }),
      await screen.findByRole("option", { name: "Beta: 1 of 3" }),
    );
    await user.selectOptions(screen.getByLabelText("Action 1 type"), "send_notification");
    await user.type(screen.getByLabelText("Action 1 notification title"), "Beta is done");
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      expect.objectContaining({
        triggerType: "project_milestone",
        triggerConfig: { kind: "milestone_done", projectId: project.id, milestoneId: milestone.id },
      }),
    ]);
  });

  it("shows a schedule's next five runs, and a time zone it does not know without breaking", async () => {
    const { user } = renderWithApi(<Form />, () => ({ status: 500 }));
    await user.selectOptions(screen.getByLabelText("Trigger Type"), "time_based");
    await user.selectOptions(screen.getByLabelText("Repeat"), "weekly");
    await user.selectOptions(screen.getByLabelText("Day"), "Friday");
    const zone = screen.getByLabelText("Time zone");
    await user.clear(zone);
    await user.type(zone, "Europe/Paris");
    const runs = within(screen.getByRole("list", { name: "Next 5 runs" })).getAllByRole("listitem");
    expect(runs).toHaveLength(5);
    for (const run of runs) {
      const at = new Date(run.querySelector("time")!.getAttribute("datetime")!);
      const local = new Intl.DateTimeFormat("en-US", {
        timeZone: "Europe/Paris",
        weekday: "long",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(at);
      expect(local).toBe("Friday 09:00");
    }
    await user.type(zone, "/Nowhere");
    expect(screen.getByText("Enter a valid schedule to see when it runs.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Next 5 runs" })).toBeNull();
  });

  it("puts the server's field errors next to their fields, and a plan refusal under the form", async () => {
    let answer = apiError(400, "VALIDATION", "Check the highlighted fields", {
      fields: { "actions.0.config.title": "{{task.title}} has no value here" },
    });
    const onPlanLimit = vi.fn();
    const { user } = renderWithApi(<Form onPlanLimit={onPlanLimit} />, () => answer);
    await user.type(screen.getByLabelText("Action 1 task title"), "Follow up");
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    expect(await screen.findByText("{{task.title}} has no value here")).toBeTruthy();
    expect(screen.getByLabelText("Action 1 task title").getAttribute("aria-invalid")).toBe("true");

    answer = apiError(403, "PLAN_REQUIRED", "Workflow automation needs the Pro plan", {
      requiredPlan: "pro",
    });
    await user.click(screen.getByRole("button", { name: "Create Workflow" }));
    expect(await screen.findByText("Workflow automation needs the Pro plan")).toBeTruthy();
    expect(onPlanLimit).toHaveBeenCalledWith("pro");
  });
});
