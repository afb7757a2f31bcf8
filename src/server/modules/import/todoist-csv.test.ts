// Todoist's CSV template read into an import plan: the fixture in Todoist's real shape, priorities,
// labels, sections, subtasks, notes, dates and repeat phrases, and the rows that stop an import.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors/app-error.ts";
import { countPlan, priorityMappingOf } from "./plan.ts";
import { projectNameOf, readTodoistCsv, splitLabels, TODOIST_PRIORITY_ORDER } from "./todoist-csv.ts";

const fixture = readFileSync(
  new URL("../../../../tests/fixtures/import/Home renovation.csv", import.meta.url),
  "utf8",
);
const now = new Date("2026-11-27T11:00:00Z"); // a Friday
const read = (text: string, fileName = "Home renovation.csv") =>
  readTodoistCsv(text, { fileName, now, timeZone: "UTC" });
const HEADER =
  "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT";

describe("the Todoist fixture", () => {
  const plan = read(fixture);
  const tasks = plan.projects[0]!.tasks;
  const byTitle = (t: string) => tasks.find((x) => x.title === t)!;

  it("is one project named after the file, with its sections", () => {
    expect(plan.projects.map((p) => p.name)).toEqual(["Home renovation"]);
    expect(plan.projects[0]!.sections).toEqual(["Kitchen", "Bathroom"]);
    expect(countPlan(plan)).toEqual({
      projects: 1,
      sections: 2,
      tasks: 5,
      subtasks: 3,
      comments: 2,
      recurring: 2,
      labels: 2,
    });
  });

  it("maps Todoist's p1 (PRIORITY 1) to urgent down to p4 to low, and an empty cell to medium", () => {
    expect(byTitle("Call the electrician").priority).toBe("urgent");
    expect(byTitle("Choose the worktop").priority).toBe("high");
    expect(byTitle("Order tiles").priority).toBe("medium");
    expect(byTitle("Water the plants").priority).toBe("low");
    expect(byTitle("Fix the tap, it drips").priority).toBe("medium");
    expect(priorityMappingOf(plan, TODOIST_PRIORITY_ORDER)).toEqual([
      { from: "p1", to: "urgent", tasks: 1 },
      { from: "p2", to: "high", tasks: 1 },
      { from: "p3", to: "medium", tasks: 1 },
      { from: "p4", to: "low", tasks: 1 },
      { from: "empty", to: "medium", tasks: 1 },
    ]);
  });

  it("takes labels out of the title into the description, and a label named like a category sets it", () => {
    const worktop = byTitle("Choose the worktop");
    expect(worktop.labels).toEqual(["design"]);
    expect(worktop.category).toBe("Design");
    expect(worktop.description).toBe("Oak or quartz; see the showroom's price list.\n\nLabels: design");
    expect(byTitle("Call the electrician").category).toBe("General");
  });

  it("puts tasks under their section, subtasks (any depth) and notes under the task above", () => {
    expect(byTitle("Call the electrician").section).toBeNull();
    expect(byTitle("Order tiles").section).toBe("Bathroom");
    const worktop = byTitle("Choose the worktop");
    expect(worktop.section).toBe("Kitchen");
    expect(worktop.subtasks.map((s) => s.title)).toEqual([
      "Get three quotes",
      "Measure the wall",
      "Check the fitting dates",
    ]);
    expect(worktop.comments).toEqual(["Quote from Silva & Filhos arrived: €2 400."]);
    expect(byTitle("Call the electrician").comments).toEqual(["He prefers calls after 10, not texts."]);
    expect(plan.problems).toContainEqual({
      row: 11,
      severity: "warning",
      message:
        'Kairo has one level of subtasks: this one (INDENT 3) becomes a subtask of "Choose the worktop".',
    });
    expect(plan.problems.filter((p) => p.severity === "error")).toEqual([]);
  });

  it("reads dates in the row's zone and turns repeat phrases into rules", () => {
    // "tomorrow 9am" in Lisbon (UTC+0 in November).
    expect(byTitle("Call the electrician").deadline?.toISOString()).toBe("2026-11-28T09:00:00.000Z");
    expect(byTitle("Choose the worktop").deadline?.toISOString().slice(0, 10)).toBe("2026-12-12");
    const plants = byTitle("Water the plants");
    expect(plants.recurrence).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=MO", timeZone: "Europe/Lisbon" });
    expect(plants.deadline?.toISOString().slice(0, 10)).toBe("2026-11-30");
    expect(byTitle("Order tiles").recurrence?.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR");
    expect(byTitle("Fix the tap, it drips").deadline).toBeNull();
  });

  it("turns Todoist's durations into estimates", () => {
    expect(byTitle("Call the electrician").estimatedMinutes).toBe(30);
    expect(byTitle("Choose the worktop").estimatedMinutes).toBe(480);
    expect(byTitle("Order tiles").estimatedMinutes).toBe(45);
    expect(byTitle("Fix the tap, it drips").estimatedMinutes).toBe(30);
  });
});

describe("rows and files the import refuses or changes", () => {
  it("lists each bad row with its number, as errors", () => {
    const plan = read(
      [
        HEADER,
        "note,A comment before any task,,,,,,,,,,",
        "task,,,1,1,,,,,,,",
        "task,Real task,,7,1,,,,,,,",
        "task,Deep,,1,x,,,,,,,",
        "reminder,Something,,,,,,,,,,",
        "task,Fine,,1,1,,,someday maybe,en,,,",
      ].join("\n"),
    );
    expect(plan.problems).toEqual([
      { row: 2, severity: "error", message: "A note (a comment) must follow the task it belongs to." },
      { row: 3, severity: "error", message: "A task needs its name in CONTENT." },
      { row: 4, severity: "error", message: 'PRIORITY must be 1, 2, 3 or 4 (this row says "7").' },
      { row: 5, severity: "error", message: 'INDENT must be 1, 2, 3, 4 or 5 (this row says "x").' },
      {
        row: 6,
        severity: "error",
        message: 'TYPE must be task, section or note (this row says "reminder").',
      },
      {
        row: 7,
        severity: "warning",
        message: 'The date "someday maybe" could not be read; the task is imported without a due date.',
      },
    ]);
  });

  it("a subtask with no task above it is an error", () => {
    const plan = read(`${HEADER}\ntask,Orphan,,1,2,,,,,,,\ntask,Top,,1,1,,,,,,,`);
    expect(plan.problems).toEqual([
      { row: 2, severity: "error", message: "A subtask (INDENT 2) must follow a task (INDENT 1)." },
    ]);
  });

  it("refuses a file that is not Todoist's, a broken CSV and one without tasks, naming the problem", () => {
    const message = (text: string) => {
      try {
        read(text);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        return (err as AppError).message;
      }
      throw new Error("no error");
    };
    expect(message("Title,Due\nBuy milk,tomorrow")).toBe(
      "This is not a Todoist CSV file: its first row must name the columns TYPE and CONTENT (it names TITLE, DUE).",
    );
    expect(message(`${HEADER}\ntask,"Unclosed,,1,1`)).toMatch(
      /^This is not a readable Todoist CSV file: Quote Not Closed/,
    );
    expect(message(`${HEADER}\nsection,Only a section,,,,,,,,,,`)).toBe(
      "The Todoist CSV file holds no task rows (TYPE task).",
    );
  });

  it("refuses more than 20,000 rows", () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => `task,T${i},,4,1,,,,,,,`);
    expect(() => read([HEADER, ...rows].join("\n"))).toThrow(
      "The file has more than 20,000 rows, the most one import takes. Split it and import each part.",
    );
  });
});

describe("small readings", () => {
  it("labels", () => {
    expect(splitLabels("Buy milk @errand @home now")).toEqual({
      title: "Buy milk now",
      labels: ["errand", "home"],
    });
    expect(splitLabels("Email ana@example.com")).toEqual({ title: "Email ana@example.com", labels: [] });
  });
  it("project names", () => {
    expect(projectNameOf("C:\\Users\\ana\\Groceries.CSV")).toBe("Groceries");
    expect(projectNameOf(".csv")).toBe("Imported from Todoist");
  });
});
