import { describe, expect, it } from "vitest";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { listRows } from "./task-list.tsx";

const task = (id: string, category: string) => ({ id, category }) as TaskDto;

describe("listRows", () => {
  const tasks = [task("a", "Admin"), task("b", "Development"), task("c", "Admin"), task("d", "General")];

  it("keeps the server's order without grouping", () => {
    expect(listRows(tasks, false).map((r) => (r.kind === "task" ? r.task.id : r.category))).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
  });

  it("puts a heading with its count over each category, in the app's category order", () => {
    const rows = listRows(tasks, true);
    expect(
      rows.map((r) => (r.kind === "task" ? `${r.task.id}@${r.position}` : `# ${r.category} ${r.count}`)),
    ).toEqual(["# General 1", "d@1", "# Development 1", "b@2", "# Admin 2", "a@3", "c@4"]);
  });
});
