// TickTick's CSV backup read into an import plan: the fixture in TickTick's real shape (preamble,
// lists, kanban columns, tags, checklist, parentId subtasks, RRULE repeat, completed and notes).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countPlan, priorityMappingOf } from "./plan.ts";
import { readTickTickCsv, TICKTICK_PRIORITY_ORDER } from "./ticktick-csv.ts";

const fixture = readFileSync(
  new URL("../../../../tests/fixtures/import/ticktick-backup.csv", import.meta.url),
  "utf8",
);
const now = new Date("2026-11-27T11:00:00Z");
const read = (text: string) => readTickTickCsv(text, { now, timeZone: "UTC" });

describe("the TickTick fixture", () => {
  const plan = read(fixture);
  const all = plan.projects.flatMap((p) => p.tasks);
  const byTitle = (t: string) => all.find((x) => x.title === t)!;

  it("finds the header after the preamble; a list is a project, a column a section", () => {
    expect(plan.projects.map((p) => p.name)).toEqual(["Inbox", "Website relaunch"]);
    expect(plan.projects[1]!.sections).toEqual(["Doing", "To do", "Done"]);
    expect(countPlan(plan)).toEqual({
      projects: 2,
      sections: 3,
      tasks: 5,
      subtasks: 4,
      comments: 0,
      recurring: 1,
      labels: 3,
    });
    expect(plan.problems).toEqual([
      { row: 11, severity: "warning", message: "A TickTick note is not a task: it is not imported." },
    ]);
  });

  it("maps priorities by name, none to low, and shows the mapping", () => {
    expect(byTitle("Renew passport").priority).toBe("high");
    expect(byTitle("Write the launch post").priority).toBe("medium");
    expect(byTitle("Launch checklist").priority).toBe("low");
    expect(byTitle("Weekly analytics review").priority).toBe("low");
    expect(priorityMappingOf(plan, TICKTICK_PRIORITY_ORDER)).toEqual([
      { from: "high", to: "high", tasks: 1 },
      { from: "medium", to: "medium", tasks: 1 },
      { from: "low", to: "low", tasks: 1 },
      { from: "none", to: "low", tasks: 2 },
    ]);
  });

  it("subtasks from parentId and from a checklist, with their done state", () => {
    expect(byTitle("Write the launch post").subtasks).toEqual([
      { title: "Pick the hero photo", done: false },
    ]);
    expect(byTitle("Launch checklist").subtasks).toEqual([
      { title: "Buy the domain", done: true },
      { title: "Set up redirects", done: false },
      { title: "Tell the newsletter", done: false },
    ]);
    expect(byTitle("Launch checklist").description).toBeNull();
  });

  it("dates, all-day dates, the RRULE repeat, tags and completed tasks", () => {
    expect(byTitle("Renew passport").deadline?.toISOString()).toBe("2026-12-03T10:00:00.000Z");
    // All day: the end of the working day (17:00) in London.
    expect(byTitle("Write the launch post").deadline?.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    expect(byTitle("Weekly analytics review").recurrence).toMatchObject({
      rrule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=MO",
      start: "2026-11-30T09:00",
      timeZone: "Europe/London",
    });
    expect(byTitle("Write the launch post").labels).toEqual(["research", "writing"]);
    expect(byTitle("Write the launch post").category).toBe("Research");
    expect(byTitle("Old landing page copy").completedAt?.toISOString()).toBe("2026-10-20T15:00:00.000Z");
    expect(byTitle("Renew passport").completedAt).toBeNull();
  });
});

describe("bad TickTick files", () => {
  const HEADER = '"List Name","Title","Priority","Status","taskId","parentId","Repeat","Due Date"';
  it("refuses a file with no TickTick header", () => {
    expect(() => read("Title,Due\nx,y")).toThrow(
      'This is not a TickTick backup (CSV): no row names the columns "List Name" and "Title".',
    );
  });
  it("lists bad rows: priority, status, a parentId naming no task, a repeat that cannot be kept", () => {
    const plan = read(
      [
        HEADER,
        '"A","One","7","0","1","","",""',
        '"A","Two","0","9","2","","",""',
        '"A","Three","0","0","3","404","",""',
        '"A","Four","0","0","4","","RRULE:FREQ=SOMETIMES","2026-12-01T09:00:00+0000"',
      ].join("\n"),
    );
    expect(plan.problems.map((p) => [p.row, p.severity, p.message.slice(0, 40)])).toEqual([
      [2, "error", "Priority must be 0, 1, 3 or 5 (this row "],
      [3, "error", "Status must be 0, 1 or 2 (this row says "],
      [5, "warning", 'The repeat "RRULE:FREQ=SOMETIMES" could '],
      [4, "error", 'parentId "404" names no task in this fil'],
    ]);
  });
});
