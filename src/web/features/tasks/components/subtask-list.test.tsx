// @vitest-environment happy-dom
// A task's subtasks as a person uses them: reorder with Alt+Arrow keys on a focused subtask (focus
// stays on it, the move is announced) and with the labelled move buttons, tick one, add one with
// Enter, the server's refusal next to the box, and a viewer's list without the controls.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SubtaskDto, TaskDetailDto } from "#shared/contracts/subtasks.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { summarizeSubtasks } from "#shared/domain/subtasks.ts";
import { type ApiRequest, apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { SubtaskList } from "./subtask-list.tsx";

const TASK = "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a";
const base = `/api/tasks/${TASK}`;

const TASK_DTO: TaskDto = {
  id: TASK,
  title: "Plan the trip",
  description: null,
  deadline: null,
  estimatedMinutes: 30,
  actualMinutes: 0,
  category: "General",
  priority: "medium",
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
  createdBy: "u1",
  updatedBy: "u1",
  version: 1,
  subtasksTotal: 0,
  subtasksDone: 0,
  subtasksOpenMinutes: 0,
};

const sub = (n: number, title: string, over: Partial<SubtaskDto> = {}): SubtaskDto => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  taskId: TASK,
  title,
  done: false,
  estimatedMinutes: null,
  position: n,
  completedAt: null,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  ...over,
});

/** A tiny server holding the subtasks, answering as the API answers. */
function server(initial: SubtaskDto[]) {
  let list = [...initial];
  let version = 1;
  const detail = (): TaskDetailDto => ({
    task: { ...TASK_DTO, version, ...summarizeSubtasks(list) },
    subtasks: list.map((s, position) => ({ ...s, position })),
  });
  return (r: ApiRequest) => {
    if (r.method === "GET" && r.path === base) return { status: 200, body: detail() };
    version++;
    if (r.method === "PUT" && r.path === `${base}/subtasks/order`) {
      const ids = (r.body as { ids: string[] }).ids;
      list = ids.map((id) => list.find((s) => s.id === id)!);
      return { status: 200, body: detail() };
    }
    if (r.method === "PATCH") {
      const id = r.path.split("/").pop();
      list = list.map((s) => (s.id === id ? { ...s, ...(r.body as Partial<SubtaskDto>) } : s));
      return { status: 200, body: detail() };
    }
    if (r.method === "POST") {
      const body = r.body as { title: string; estimatedMinutes?: number };
      if (body.title.includes("one too many"))
        return apiError(409, "CONFLICT", "A task holds at most 100 subtasks. Delete some to add more.");
      list = [
        ...list,
        sub(list.length + 1, body.title.trim(), { estimatedMinutes: body.estimatedMinutes ?? null }),
      ];
      return { status: 201, body: detail() };
    }
    return apiError(404, "NOT_FOUND", "Not found.");
  };
}

const titles = () =>
  within(screen.getByRole("list", { name: "Subtasks" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("SubtaskList", () => {
  it("moves the focused subtask with Alt+Arrow keys, keeps focus on it and announces the move", async () => {
    const { user, requests } = renderWithApi(
      <SubtaskList taskId={TASK} />,
      server([sub(1, "Book flights"), sub(2, "Book a hotel"), sub(3, "Pack")]),
    );
    const pack = await screen.findByRole("checkbox", { name: "Pack" });
    expect(screen.getByText("0 of 3")).toBeTruthy();
    pack.focus();
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    await screen.findByText("Moved Pack to position 2 of 3.");
    expect(titles()).toEqual(["Book flights", "Pack", "Book a hotel"]);
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Pack" }));
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    await screen.findByText("Moved Pack to position 1 of 3.");
    // At the top already: nothing is sent.
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    const orders = requests.filter((r) => r.method === "PUT").map((r) => r.body);
    expect(orders).toEqual([
      { ids: [sub(1, "").id, sub(3, "").id, sub(2, "").id] },
      { ids: [sub(3, "").id, sub(1, "").id, sub(2, "").id] },
    ]);
    expect(titles()).toEqual(["Pack", "Book flights", "Book a hotel"]);
  });

  it("moves with the labelled buttons, and the first cannot go up nor the last down", async () => {
    const { user } = renderWithApi(
      <SubtaskList taskId={TASK} />,
      server([sub(1, "Book flights"), sub(2, "Book a hotel")]),
    );
    const up = await screen.findByRole("button", { name: "Move Book flights up" });
    expect((up as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Move Book a hotel down" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Move Book flights down" }));
    await screen.findByText("Moved Book flights to position 2 of 2.");
    expect(titles()).toEqual(["Book a hotel", "Book flights"]);
  });

  it("ticks a subtask and adds one with Enter, with the server's refusal next to the box", async () => {
    const { user, requests } = renderWithApi(
      <SubtaskList taskId={TASK} onTaskChange={() => {}} />,
      server([sub(1, "Book flights")]),
    );
    await user.click(await screen.findByRole("checkbox", { name: "Book flights" }));
    await screen.findByText("1 of 1");
    const box = screen.getByRole("textbox", { name: "New subtask" });
    await user.type(box, "Pack{Enter}");
    await screen.findByRole("checkbox", { name: "Pack" });
    expect(screen.getByText("1 of 2")).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe("");
    expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([{ title: "Pack" }]);

    await user.type(box, "{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Title is required");
    await user.type(box, "one too many{Enter}");
    expect((await screen.findByRole("alert")).textContent).toMatch(/at most 100 subtasks/);
    expect((box as HTMLInputElement).value).toBe("one too many");
  });

  it("shows a viewer the subtasks without the controls that change them", async () => {
    renderWithApi(<SubtaskList taskId={TASK} readOnly />, server([sub(1, "Book flights", { done: true })]));
    const box = await screen.findByRole("checkbox", { name: "Book flights" });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /Move|Rename|Delete/ })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "New subtask" })).toBeNull();
    expect(screen.getByText(/lets you read these subtasks/)).toBeTruthy();
  });

  it("says what to do when there are none yet", async () => {
    renderWithApi(<SubtaskList taskId={TASK} />, server([]));
    expect(await screen.findByText(/No subtasks yet/)).toBeTruthy();
  });
});
