// Any CSV through a column mapping: the suggested mapping, and rows read through it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAPPED_PRIORITY_ORDER, readMappedCsv, suggestMapping } from "./mapped-csv.ts";
import { countPlan, priorityMappingOf } from "./plan.ts";

const fixture = readFileSync(
  new URL("../../../../tests/fixtures/import/spreadsheet-tasks.csv", import.meta.url),
  "utf8",
);
const now = new Date("2026-11-27T11:00:00Z"); // a Friday
const read = (text: string, mapping?: Parameters<typeof readMappedCsv>[1]["mapping"]) =>
  readMappedCsv(text, { fileName: "spreadsheet-tasks.csv", now, timeZone: "UTC", mapping });

it("suggests a mapping from the header's names", () => {
  expect(
    suggestMapping(["Task name", "Notes", "Due date", "Priority", "List", "Tags", "Minutes", "Done"]),
  ).toEqual({
    title: "Task name",
    description: "Notes",
    due: "Due date",
    priority: "Priority",
    project: "List",
    labels: "Tags",
    estimate: "Minutes",
    completed: "Done",
  });
  expect(suggestMapping(["A", "B"])).toBeNull();
});

describe("the spreadsheet fixture with the suggested mapping", () => {
  const { plan, columns, mapping } = read(fixture);
  const all = plan.projects.flatMap((p) => p.tasks);
  const byTitle = (t: string) => all.find((x) => x.title === t)!;

  it("reads projects, priorities, dates, repeats, labels, estimates and done", () => {
    expect(columns).toHaveLength(8);
    expect(mapping?.title).toBe("Task name");
    expect(plan.projects.map((p) => p.name)).toEqual(["Work", "Inbox"]);
    expect(countPlan(plan)).toMatchObject({ projects: 2, tasks: 5, recurring: 1, labels: 2 });
    expect(byTitle("Send the invoice")).toMatchObject({
      priority: "high",
      category: "Admin",
      estimatedMinutes: 15,
    });
    expect(byTitle("Send the invoice").deadline?.toISOString().slice(0, 10)).toBe("2026-12-01");
    expect(byTitle("Book the dentist").deadline?.toISOString().slice(0, 10)).toBe("2026-12-04");
    expect(byTitle("Stand-up").recurrence?.rrule).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(byTitle("Old task").completedAt).toEqual(now);
    expect(priorityMappingOf(plan, MAPPED_PRIORITY_ORDER).map((m) => `${m.from}->${m.to}`)).toEqual([
      "high->high",
      "p2->high",
      "low->low",
      "empty->medium",
      "whenever->medium",
    ]);
    expect(plan.problems.map((p) => [p.row, p.message.slice(0, 30)])).toEqual([
      [6, 'Priority "whenever" is not one'],
      [6, 'Estimate "ninety" is not a num'],
      [6, 'The date "someday" could not b'],
    ]);
  });
});

it("a mapping chosen by the person; a column that is not in the file is refused", () => {
  const { plan } = read("A,B\nx,Work\n", { title: "A", project: "B" });
  expect(plan.projects[0]).toMatchObject({ name: "Work" });
  expect(() => read("A,B\nx,y\n", { title: "C" })).toThrow(
    'The title column "C" is not a column of this file.',
  );
});

it("without a title column the preview asks for one", () => {
  const { plan, mapping } = read("A,B\nx,y\n");
  expect(mapping).toBeNull();
  expect(plan.problems).toEqual([
    { row: 1, severity: "error", message: "Choose the column that holds each task's title." },
  ]);
});
