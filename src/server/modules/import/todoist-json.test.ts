// Todoist's REST API JSON read into an import plan: the fixture in the API's real shape.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { countPlan, priorityMappingOf } from "./plan.ts";
import { TODOIST_PRIORITY_ORDER } from "./todoist-csv.ts";
import { readTodoistJson } from "./todoist-json.ts";

const fixture = readFileSync(
  new URL("../../../../tests/fixtures/import/todoist-api.json", import.meta.url),
  "utf8",
);
const now = new Date("2026-11-27T11:00:00Z");
const read = (text: string) => readTodoistJson(text, { fileName: "todoist-api.json", now, timeZone: "UTC" });

it("reads projects, sections, the API's priorities (4 is p1), dates, repeats, subtasks and comments", () => {
  const plan = read(fixture);
  expect(plan.projects.map((p) => [p.name, p.sections])).toEqual([
    ["Garden", ["Spring"]],
    ["Inbox", []],
  ]);
  expect(countPlan(plan)).toEqual({
    projects: 2,
    sections: 1,
    tasks: 2,
    subtasks: 1,
    comments: 1,
    recurring: 1,
    labels: 2,
  });
  const tomatoes = plan.projects[0]!.tasks[0]!;
  expect(tomatoes).toMatchObject({
    title: "Plant the tomatoes",
    priority: "urgent",
    estimatedMinutes: 90,
    section: "Spring",
    subtasks: [{ title: "Buy compost", done: false }],
    comments: ["Use the cages from last year."],
    description: "Six plants along the fence.\n\nLabels: weekend, outside",
  });
  expect(tomatoes.deadline?.toISOString()).toBe("2026-12-05T17:00:00.000Z");
  const water = plan.projects[1]!.tasks[0]!;
  expect(water).toMatchObject({
    priority: "medium",
    recurrence: { rrule: "FREQ=DAILY", timeZone: "Europe/London" },
  });
  expect(priorityMappingOf(plan, TODOIST_PRIORITY_ORDER)).toEqual([
    { from: "p1", to: "urgent", tasks: 1 },
    { from: "p3", to: "medium", tasks: 1 },
  ]);
  expect(plan.problems).toEqual([]);
});

it("a bare list of tasks (GET /tasks) is one project named after the file", () => {
  const plan = read('[{"id":"1","content":"Alone","priority":1}]');
  expect(plan.projects).toMatchObject([
    { name: "todoist-api", tasks: [{ title: "Alone", priority: "low" }] },
  ]);
  expect(read('{"results":[{"id":1,"content":"Paged"}]}').projects[0]!.tasks[0]!.title).toBe("Paged");
});

it("refuses what is not Todoist's JSON, naming the problem", () => {
  expect(() => read("{not json")).toThrow(/^This is not a readable Todoist JSON file: /);
  expect(() => read('[{"id":"1","content":"x","priority":9}]')).toThrow(
    /^This is not a Todoist JSON file: .*priority/,
  );
  expect(() => read("[]")).toThrow("The Todoist JSON file holds no tasks.");
});
