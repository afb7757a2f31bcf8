// @vitest-environment happy-dom
// The New Task dialog as a person uses it: what it sends, the free plan's refusal with the way past
// it, and the server's word on a field shown next to that field.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { type ApiRequest, apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { TaskFormDialog } from "./task-form-dialog.tsx";

const saved = (request: ApiRequest): TaskDto => {
  const body = request.body as Pick<
    TaskDto,
    "title" | "estimatedMinutes" | "category" | "priority" | "description" | "deadline"
  >;
  return {
    ...body,
    id: "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a",
    actualMinutes: 0,
    status: "todo",
    completed: false,
    completedAt: null,
    isActive: false,
    activeStartTime: null,
    priorityScore: 50,
    createdAt: "2026-11-27T09:00:00.000Z",
    updatedAt: "2026-11-27T09:00:00.000Z",
    projectId: null,
    milestoneId: null,
    assigneeId: null,
    createdBy: null,
    updatedBy: null,
    version: 1,
    subtasksTotal: 0,
    subtasksDone: 0,
    subtasksOpenMinutes: 0,
    recurrence: null,
  };
};

function open(answer: Parameters<typeof renderWithApi>[1]) {
  const onOpenChange = vi.fn();
  const onUpgrade = vi.fn();
  // The project picker reads the person's projects; none here but the Inbox (the default).
  const view = renderWithApi(
    <TaskFormDialog open onOpenChange={onOpenChange} onUpgrade={onUpgrade} />,
    (r) =>
      r.method === "GET" && r.path === "/api/projects" ? { status: 200, body: { projects: [] } } : answer(r),
  );
  const writes = () => view.requests.filter((r) => r.method !== "GET");
  return {
    ...view,
    writes,
    onOpenChange,
    onUpgrade,
    dialog: screen.getByRole("dialog", { name: "New Task" }),
  };
}

describe("the New Task dialog", () => {
  it("adds the task as filled in, then closes", async () => {
    const { user, writes, onOpenChange, dialog } = open((request) => ({
      status: 201,
      body: saved(request),
    }));
    const add = within(dialog).getByRole("button", { name: "Add Task" });
    expect(add.hasAttribute("disabled")).toBe(true);

    await user.type(within(dialog).getByLabelText("Title"), "Write the quarterly plan");
    await user.click(within(dialog).getByRole("button", { name: "1h" }));
    await user.selectOptions(within(dialog).getByLabelText("Category"), "Research");
    await user.selectOptions(within(dialog).getByLabelText("Priority"), "high");
    await user.type(within(dialog).getByLabelText("Description"), "Numbers first");
    await user.click(add);

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()).toEqual([
      {
        method: "POST",
        path: "/api/tasks",
        body: {
          title: "Write the quarterly plan",
          estimatedMinutes: 60,
          category: "Research",
          priority: "high",
          description: "Numbers first",
          deadline: null,
        },
      },
    ]);
  });

  it("says when the plan's task limit is reached, keeps what was typed and offers the upgrade", async () => {
    const { user, onUpgrade, onOpenChange, dialog } = open(() =>
      apiError(403, "PLAN_REQUIRED", "The free plan holds up to 50 tasks", { requiredPlan: "pro" }),
    );
    await user.type(within(dialog).getByLabelText("Title"), "Task 51");
    await user.click(within(dialog).getByRole("button", { name: "Add Task" }));

    expect(await within(dialog).findByText("The free plan holds up to 50 tasks")).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>("Title").value).toBe("Task 51");
    await user.click(within(dialog).getByRole("button", { name: "Upgrade to Pro" }));
    expect(onUpgrade).toHaveBeenCalledWith("pro");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a field next to that field", async () => {
    const { user, dialog } = open(() =>
      apiError(400, "VALIDATION", "Check the highlighted fields", {
        fields: { title: "Title must be at most 200 characters" },
      }),
    );
    await user.type(within(dialog).getByLabelText("Title"), "A title the server refuses");
    await user.click(within(dialog).getByRole("button", { name: "Add Task" }));

    const message = await within(dialog).findByText("Title must be at most 200 characters");
    const title = within(dialog).getByLabelText("Title");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(title.getAttribute("aria-describedby")).toBe(message.id);
  });

  it("repeats monthly on the 31st: says what happens in short months, shows five dates, sends the rule", async () => {
    const { user, writes, onOpenChange, dialog } = open((request) => ({
      status: 201,
      body: saved(request),
    }));
    await user.type(within(dialog).getByLabelText("Title"), "Pay the rent");
    await user.type(within(dialog).getByLabelText("Deadline"), "2027-01-31T09:00");
    await user.selectOptions(within(dialog).getByLabelText("Repeats"), "monthly-day");
    expect(within(dialog).getByLabelText<HTMLSelectElement>("Day of the month").value).toBe("31");
    expect(within(dialog).getByText(/Months without a 31st .* are skipped/)).toBeTruthy();
    // The next five dates in words (the rule library arrives on demand): no February, April or June.
    const dates = await within(dialog).findAllByRole("listitem");
    expect(dates.map((d) => d.textContent?.replace(/,/g, "").slice(0, 15))).toEqual([
      "Sun 31 Jan 2027",
      "Wed 31 Mar 2027",
      "Mon 31 May 2027",
      "Sat 31 Jul 2027",
      "Tue 31 Aug 2027",
    ]);
    await user.click(within(dialog).getByLabelText("Repeat after completion"));
    await user.click(within(dialog).getByLabelText("After a number of times"));
    await user.click(within(dialog).getByRole("button", { name: "Add Task" }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0]!.body).toMatchObject({
      title: "Pay the rent",
      recurrence: {
        rrule: "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=10",
        start: "2027-01-31T09:00",
        afterCompletion: true,
      },
    });
  });

  it("names the part of a custom rule that does not parse, and sends nothing", async () => {
    const { user, writes, dialog } = open(() => ({ status: 500, body: {} }));
    await user.type(within(dialog).getByLabelText("Title"), "Odd one");
    await user.selectOptions(within(dialog).getByLabelText("Repeats"), "custom");
    const rule = within(dialog).getByLabelText("Custom rule (iCalendar RRULE)");
    await user.clear(rule);
    await user.type(rule, "FREQ=WEEKLY;BYDAY=XX");
    expect(await within(dialog).findByText(/BYDAY=XX/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Add Task" }));
    expect(writes()).toEqual([]);
  });
});
