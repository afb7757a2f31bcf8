// @vitest-environment happy-dom
// A stale edit (issue 23): someone changed the task after the person opened it, the server answers
// 409 with the task as it is now, and the form says who changed it and offers to apply the person's
// change again (against the new version) or keep the other version.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { staleTaskMessage, type TaskDto } from "#shared/contracts/tasks.ts";
import { type ApiRequest, renderWithApi } from "#web/testing/render-with-api.tsx";
import { TaskFormDialog } from "./task-form-dialog.tsx";

const TASK: TaskDto = {
  id: "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a",
  title: "Write the plan",
  description: null,
  estimatedMinutes: 30,
  actualMinutes: 0,
  category: "General",
  priority: "medium",
  status: "todo",
  completed: false,
  completedAt: null,
  deadline: null,
  isActive: false,
  activeStartTime: null,
  priorityScore: 50,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  projectId: null,
  milestoneId: null,
  assigneeId: null,
  createdBy: "user-1",
  updatedBy: "user-1",
  version: 3,
  subtasksTotal: 0,
  subtasksDone: 0,
  subtasksOpenMinutes: 0,
};
const THEIRS: TaskDto = {
  ...TASK,
  title: "Write the plan (v2)",
  priority: "high",
  updatedBy: "user-2",
  version: 4,
};

function open(answer: (r: ApiRequest) => { status: number; body?: unknown }) {
  const onOpenChange = vi.fn();
  const view = renderWithApi(<TaskFormDialog open task={TASK} onOpenChange={onOpenChange} />, (r) => {
    if (r.method === "GET" && r.path === "/api/projects") return { status: 200, body: { projects: [] } };
    if (r.method === "GET" && r.path === `/api/tasks/${TASK.id}`)
      return { status: 200, body: { task: TASK, subtasks: [] } };
    if (r.method === "GET" && r.path.endsWith("/reminders")) return { status: 200, body: { reminders: [] } };
    if (r.method === "GET") return { status: 200, body: { timeLogs: [] } };
    return answer(r);
  });
  const patches = () => view.requests.filter((r) => r.method === "PATCH");
  return { ...view, onOpenChange, patches, dialog: screen.getByRole("dialog", { name: "Edit Task" }) };
}

const conflict = {
  status: 409,
  body: {
    error: { code: "CONFLICT", message: staleTaskMessage("Sam Rivera") },
    task: THEIRS,
    changedBy: { id: "user-2", name: "Sam Rivera" },
  },
};

describe("a stale edit", () => {
  it("says who changed the task and applies the person's change again on the new version", async () => {
    const { user, dialog, patches, onOpenChange } = open((r) =>
      (r.body as { version?: number }).version === 3
        ? conflict
        : { status: 200, body: { ...THEIRS, title: "Mine" } },
    );
    const title = within(dialog).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Mine");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    const notice = await within(dialog).findByRole("alert");
    expect(notice.textContent).toContain(
      "Sam Rivera changed this task after you opened it. Review their change and apply yours again.",
    );
    expect(notice.textContent).toContain("Write the plan (v2)");
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(within(notice).getByRole("button", { name: "Apply my change again" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(patches().map((r) => r.body as { title: string; version: number })).toEqual([
      expect.objectContaining({ title: "Mine", version: 3 }),
      expect.objectContaining({ title: "Mine", version: 4 }),
    ]);
  });

  it("keeps their version when asked: the form shows the task as it is now", async () => {
    const { user, dialog, patches } = open(() => conflict);
    const title = within(dialog).getByLabelText<HTMLInputElement>("Title");
    await user.clear(title);
    await user.type(title, "Mine");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const notice = await within(dialog).findByRole("alert");

    await user.click(within(notice).getByRole("button", { name: "Keep their version" }));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(title.value).toBe("Write the plan (v2)");
    expect(within(dialog).getByLabelText<HTMLSelectElement>("Priority").value).toBe("high");
    expect(patches()).toHaveLength(1);
  });
});
