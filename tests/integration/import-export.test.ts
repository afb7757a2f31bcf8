// Import from Todoist's CSV and export as CSV (issue 26 point 6; decisions 275 to 277), through the
// HTTP app: the preview writes nothing; the commit creates the project, its sections (milestones),
// tasks, subtasks, comments and repeat rules; the same file again creates nothing; bad files answer
// 4xx with nothing written; another person's data is untouched; the exports are the person's own
// and a formula-looking cell is escaped.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { taskComments } from "#server/db/schema/comments.ts";
import { imports } from "#server/db/schema/imports.ts";
import { milestones, projects } from "#server/db/schema/projects.ts";
import { subtasks, tasks } from "#server/db/schema/tasks.ts";
import type { ImportCommitResponse, ImportPreviewResponse } from "#shared/contracts/import.ts";
import type { TaskDto, TaskListResponse } from "#shared/contracts/tasks.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { db, person } = testServerForFile();

const FIXTURE = readFileSync(new URL("../fixtures/import/Home renovation.csv", import.meta.url));
const HEADER =
  "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT";

const bodyOf = (bytes: Uint8Array | string, fileName = "Home renovation.csv") => ({
  format: "todoist-csv",
  fileName,
  data: Buffer.from(bytes).toString("base64"),
  timeZone: "Europe/Lisbon",
});

/** Every row the person owns that an import writes, counted. */
async function footprint(personId: string) {
  const d = db();
  const mine = await d.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, personId));
  const ids = new Set(mine.map((t) => t.id));
  const subs = (await d.select({ taskId: subtasks.taskId }).from(subtasks)).filter((s) => ids.has(s.taskId));
  const comments = await d.select().from(taskComments).where(eq(taskComments.authorId, personId));
  const own = await d.select().from(projects).where(eq(projects.ownerId, personId));
  const ms = (await d.select().from(milestones)).filter((m) => own.some((p) => p.id === m.projectId));
  const done = await d.select().from(imports).where(eq(imports.userId, personId));
  return {
    tasks: mine.length,
    subtasks: subs.length,
    comments: comments.length,
    projects: own.length,
    milestones: ms.length,
    imports: done.length,
  };
}

let ana: SignedInPerson;
let ben: SignedInPerson;

beforeAll(async () => {
  ana = await person();
  ben = await person();
  const res = await ben.client.post("/api/tasks", { title: "Ben's own task" });
  expect(res.status).toBe(201);
});

describe("importing the Todoist fixture", () => {
  it("previews counts, the priority mapping and per-row problems, writing nothing", async () => {
    const before = await footprint(ana.id);
    const res = await ana.client.post<ImportPreviewResponse>("/api/import/preview", bodyOf(FIXTURE));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      format: "todoist-csv",
      fileName: "Home renovation.csv",
      counts: { projects: 1, sections: 2, tasks: 5, subtasks: 3, comments: 2, recurring: 2, labels: 2 },
      projectNames: ["Home renovation"],
      canImport: true,
      alreadyImported: false,
    });
    expect(res.body.priorityMapping.map((m) => `${m.from}->${m.to}`)).toEqual([
      "p1->urgent",
      "p2->high",
      "p3->medium",
      "p4->low",
      "empty->medium",
    ]);
    expect(res.body.problems).toContainEqual(
      expect.objectContaining({
        row: 11,
        severity: "warning",
        message: expect.stringMatching(/one level of subtasks/),
      }),
    );
    expect(await footprint(ana.id)).toEqual(before);
  });

  it("commits everything once; the same file again creates nothing and says so", async () => {
    const before = await footprint(ana.id);
    const first = await ana.client.post<ImportCommitResponse>("/api/import/commit", bodyOf(FIXTURE));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ created: true, message: "Imported 5 tasks into Home renovation." });
    const after = await footprint(ana.id);
    expect(after).toEqual({
      tasks: before.tasks + 5,
      subtasks: before.subtasks + 3,
      comments: before.comments + 2,
      projects: before.projects + 1,
      milestones: before.milestones + 2,
      imports: before.imports + 1,
    });

    const projectId = first.body.projects[0]!.id;
    const list = await ana.client.get<TaskListResponse>(`/api/tasks?projectId=${projectId}&limit=50`);
    expect(list.status).toBe(200);
    const byTitle = (t: string) => list.body.tasks.find((x: TaskDto) => x.title === t)!;
    expect(byTitle("Call the electrician")).toMatchObject({
      priority: "urgent",
      deadline: "2026-11-28T09:00:00.000Z",
    });
    expect(byTitle("Choose the worktop")).toMatchObject({
      priority: "high",
      category: "Design",
      subtasksTotal: 3,
    });
    expect(byTitle("Water the plants").recurrence).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=MO" });
    const comments = await ana.client.get<{ comments: Array<{ body: string }> }>(
      `/api/tasks/${byTitle("Choose the worktop").id}/comments`,
    );
    expect(comments.body.comments.map((c) => c.body)).toEqual(["Quote from Silva & Filhos arrived: €2 400."]);

    const again = await ana.client.post<ImportCommitResponse>("/api/import/commit", bodyOf(FIXTURE));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, projects: first.body.projects });
    expect(again.body.message).toBe("This file was imported before; nothing was created again.");
    expect(await footprint(ana.id)).toEqual(after);
    const preview = await ana.client.post<ImportPreviewResponse>("/api/import/preview", bodyOf(FIXTURE));
    expect(preview.body).toMatchObject({ alreadyImported: true, canImport: false });
  });

  it("two commits of one file at once: one creates, the other creates nothing", async () => {
    const gus = await person();
    const file = bodyOf(`${HEADER}\ntask,Raced task,,1,1,,,,,,,\n`, "Race.csv");
    const answers = await Promise.all(
      [1, 2].map(() => gus.client.post<ImportCommitResponse>("/api/import/commit", file)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await footprint(gus.id)).toMatchObject({ tasks: 1, imports: 1 });
  });

  it("another person importing the same file gets their own copy; Ana's data is untouched", async () => {
    const anas = await footprint(ana.id);
    const res = await ben.client.post<ImportCommitResponse>("/api/import/commit", bodyOf(FIXTURE));
    expect(res.status).toBe(201);
    expect(await footprint(ana.id)).toEqual(anas);
    const list = await ana.client.get<TaskListResponse>(`/api/tasks?projectId=${res.body.projects[0]!.id}`);
    expectError(list, 404);
  });
});

describe("the commit's progress (decision 301)", () => {
  /** A Todoist CSV of `n` plain tasks. */
  const many = (n: number) =>
    [HEADER, ...Array.from({ length: n }, (_, i) => `task,Errand ${i},,4,1,,,,en,UTC,,`)].join("\n");
  type Line =
    | { type: "progress"; done: number; total: number }
    | { type: "result"; status: number; body: ImportCommitResponse & { error?: { code: string } } };
  const lines = (text: unknown) =>
    String(text)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Line);
  const ndjson = { accept: "application/x-ndjson" };

  it("tells each chunk written, then the answer, when the client asks for progress", async () => {
    const someone = await person();
    const res = await someone.client.post("/api/import/commit", bodyOf(many(1200), "Errands.csv"), ndjson);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const all = lines(res.body);
    const progress = all.filter((l) => l.type === "progress");
    expect(progress.map((l) => [l.done, l.total])).toEqual([
      [0, 1200],
      [500, 1200],
      [1000, 1200],
      [1200, 1200],
    ]);
    expect(all.at(-1)).toMatchObject({
      type: "result",
      status: 201,
      body: { created: true, counts: { tasks: 1200 }, message: "Imported 1200 tasks into Errands." },
    });
    expect((await footprint(someone.id)).tasks).toBe(1200);
    // The same file again ends before writing anything: a plain answer, as without progress.
    const again = await someone.client.post<ImportCommitResponse>(
      "/api/import/commit",
      bodyOf(many(1200), "Errands.csv"),
      ndjson,
    );
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(again.body).toMatchObject({ created: false });
  });

  it("answers a bad file with its usual 4xx, streaming nothing", async () => {
    const someone = await person();
    const bad = await someone.client.post(
      "/api/import/commit",
      bodyOf("not,a,todoist,file\n1,2,3,4"),
      ndjson,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "VALIDATION" } });
    expect(await footprint(someone.id)).toMatchObject({ tasks: 0, imports: 0 });
  });
});

describe("importing the TickTick backup", () => {
  const TICKTICK = readFileSync(new URL("../fixtures/import/ticktick-backup.csv", import.meta.url));
  it("its lists become projects (Inbox the person's own), completed tasks come in completed", async () => {
    const dana = await person();
    const before = await footprint(dana.id);
    const body = { ...bodyOf(TICKTICK, "TickTick-backup.csv"), format: "ticktick-csv" };
    const preview = await dana.client.post<ImportPreviewResponse>("/api/import/preview", body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      projectNames: ["Inbox", "Website relaunch"],
      counts: { tasks: 5, subtasks: 4, sections: 3, recurring: 1 },
      canImport: true,
    });
    expect(await footprint(dana.id)).toEqual(before);
    const res = await dana.client.post<ImportCommitResponse>("/api/import/commit", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await footprint(dana.id);
    // The Inbox existed already (or is made once); "Website relaunch" is new.
    expect(after.projects).toBe(Math.max(before.projects, 1) + 1);
    expect(after).toMatchObject({ tasks: 5, subtasks: 4, milestones: 3, imports: 1 });
    const relaunch = res.body.projects.find((p) => p.name === "Website relaunch")!;
    const list = await dana.client.get<TaskListResponse>(`/api/tasks?projectId=${relaunch.id}&limit=50`);
    const byTitle = (t: string) => list.body.tasks.find((x) => x.title === t)!;
    expect(byTitle("Old landing page copy")).toMatchObject({ completed: true, status: "completed" });
    expect(byTitle("Launch checklist")).toMatchObject({ subtasksTotal: 3, subtasksDone: 1, priority: "low" });
    expect(byTitle("Weekly analytics review").recurrence).toMatchObject({
      rrule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=MO",
    });
    const inbox = res.body.projects.find((p) => p.name === "Inbox")!;
    const inboxTasks = await dana.client.get<TaskListResponse>(`/api/tasks?projectId=${inbox.id}`);
    expect(inboxTasks.body.tasks.map((t) => t.title)).toEqual(["Renew passport"]);
  });
});

describe("importing Todoist's REST API JSON", () => {
  const API = readFileSync(new URL("../fixtures/import/todoist-api.json", import.meta.url));
  it("its projects (the Inbox the person's own), sections, subtasks and comments", async () => {
    const finn = await person();
    const body = { ...bodyOf(API, "todoist-api.json"), format: "todoist-json" };
    const preview = await finn.client.post<ImportPreviewResponse>("/api/import/preview", body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      projectNames: ["Garden", "Inbox"],
      counts: { tasks: 2, subtasks: 1, comments: 1, sections: 1, recurring: 1 },
    });
    const res = await finn.client.post<ImportCommitResponse>("/api/import/commit", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await footprint(finn.id)).toMatchObject({
      tasks: 2,
      subtasks: 1,
      comments: 1,
      milestones: 1,
      imports: 1,
    });
    const garden = res.body.projects.find((p) => p.name === "Garden")!;
    const list = await finn.client.get<TaskListResponse>(`/api/tasks?projectId=${garden.id}`);
    expect(list.body.tasks).toMatchObject([
      { title: "Plant the tomatoes", priority: "urgent", subtasksTotal: 1 },
    ]);
    expectError(
      await finn.client.post("/api/import/preview", {
        ...body,
        data: Buffer.from("{oops").toString("base64"),
      }),
      400,
      /^This is not a readable Todoist JSON file/,
    );
  });
});

describe("importing any CSV through a column mapping", () => {
  const SHEET = readFileSync(new URL("../fixtures/import/spreadsheet-tasks.csv", import.meta.url));
  it("the preview gives the columns and a suggested mapping; the commit uses the mapping sent", async () => {
    const eve = await person();
    const body = { ...bodyOf(SHEET, "spreadsheet-tasks.csv"), format: "csv" };
    const preview = await eve.client.post<ImportPreviewResponse>("/api/import/preview", body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.columns).toEqual([
      "Task name",
      "Notes",
      "Due date",
      "Priority",
      "List",
      "Tags",
      "Minutes",
      "Done",
    ]);
    expect(preview.body.mapping).toMatchObject({ title: "Task name", project: "List", due: "Due date" });
    expect(preview.body.counts).toMatchObject({ projects: 2, tasks: 5 });
    // The person maps only the title and the notes: one project named after the file.
    const mapping = { title: "Task name", description: "Notes" };
    const mapped = await eve.client.post<ImportPreviewResponse>("/api/import/preview", { ...body, mapping });
    expect(mapped.body).toMatchObject({ projectNames: ["spreadsheet-tasks"], mapping, canImport: true });
    const res = await eve.client.post<ImportCommitResponse>("/api/import/commit", { ...body, mapping });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await eve.client.get<TaskListResponse>(`/api/tasks?projectId=${res.body.projects[0]!.id}`);
    expect(list.body.tasks.map((t) => t.title).sort()).toEqual([
      "Book the dentist",
      "Old task",
      "Plan the offsite",
      "Send the invoice",
      "Stand-up",
    ]);
    expect(list.body.tasks.every((t) => t.priority === "medium" && t.deadline === null)).toBe(true);
    expectError(
      await eve.client.post("/api/import/preview", { ...body, mapping: { title: "Nope" } }),
      400,
      /^The title column "Nope" is not a column of this file/,
    );
    expectError(
      await eve.client.post("/api/import/preview", { ...bodyOf(FIXTURE), mapping }),
      400,
      /^A column mapping is only for format csv/,
    );
  });
});

describe("bad files: a clear 4xx naming the problem, nothing written", () => {
  const refused = async (body: unknown, status: number, message: RegExp) => {
    const before = await footprint(ana.id);
    for (const path of ["/api/import/preview", "/api/import/commit"]) {
      const res = await ana.client.post(path, body);
      expectError(res, status, message);
    }
    expect(await footprint(ana.id)).toEqual(before);
  };

  it("a file in another encoding", async () => {
    const latin1 = Buffer.from(`${HEADER}\ntask,Caf\xe9 with Jos\xe9,,1,1,,,,,,,\n`, "latin1");
    await refused(bodyOf(latin1), 400, /^The file is not UTF-8 text: it has bytes that are not UTF-8/);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, "utf16le")]);
    await refused(bodyOf(utf16), 400, /^The file is not UTF-8 text: it is UTF-16 text/);
  });

  it("a malformed Todoist file: rows that cannot be read stop the whole import", async () => {
    const bad = `${HEADER}\ntask,Fine task,,1,1,,,,,,,\ntask,Broken,,9,1,,,,,,,\nnote,,,,,,,,,,,\n`;
    const preview = await ana.client.post<ImportPreviewResponse>("/api/import/preview", bodyOf(bad, "x.csv"));
    expect(preview.status).toBe(200);
    expect(preview.body.canImport).toBe(false);
    expect(preview.body.problems[0]).toEqual({
      row: 3,
      severity: "error",
      message: 'PRIORITY must be 1, 2, 3 or 4 (this row says "9").',
    });
    const before = await footprint(ana.id);
    expectError(
      await ana.client.post("/api/import/commit", bodyOf(bad, "x.csv")),
      400,
      /^Nothing was imported: row 3 cannot be read \(PRIORITY must be 1, 2, 3 or 4/,
    );
    expect(await footprint(ana.id)).toEqual(before);
  });

  it("not a Todoist file, a broken CSV, an empty file, not base64", async () => {
    await refused(bodyOf("Title,Due\nBuy milk,tomorrow\n"), 400, /^This is not a Todoist CSV file/);
    await refused(
      bodyOf(`${HEADER}\ntask,"never closed,,1\n`),
      400,
      /^This is not a readable Todoist CSV file/,
    );
    await refused(bodyOf(""), 400, /^The file is empty/);
    await refused({ ...bodyOf("x"), data: "%%%not base64%%%" }, 400, /base64/);
    await refused({ ...bodyOf("x"), format: "asana" }, 400, /format must be one of/);
  });

  it("200,000 rows: too many rows, or too large a body", async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => `task,T${i},,4,1`).join("\n");
    const body = bodyOf(`TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT\n${rows}`);
    await refused(body, 413, /more than 20,000 rows|larger than 5 MB/);
    const huge = { ...body, data: "A".repeat(8 * 1024 * 1024) };
    const res = await ana.client.post("/api/import/preview", huge);
    expect(res.status).toBe(413);
  });

  it("more tasks than the free plan holds: nothing is imported", async () => {
    const carl = await person();
    // Past the trial (every new account has one): the free plan's 50 tasks.
    await db()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, carl.id));
    const before = await footprint(carl.id);
    const many = Array.from({ length: 51 }, (_, i) => `task,Task ${i},,4,1,,,,,,,`).join("\n");
    const res = await carl.client.post("/api/import/commit", bodyOf(`${HEADER}\n${many}\n`, "Big.csv"));
    expectError(res, 403, /^The free plan holds up to 50 tasks: you have 0 and this file has 51/);
    expect(await footprint(carl.id)).toEqual(before);
  });
});

describe("export as CSV", () => {
  it("the person's own tasks, with formula-looking cells escaped", async () => {
    const made = await ana.client.post<TaskDto>("/api/tasks", { title: '=HYPERLINK("http://evil","x")' });
    expect(made.status).toBe(201);
    const res = await ana.client.get<string>("/api/export/tasks.csv?tz=Europe/Lisbon");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kairo-tasks-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = parse(res.body) as string[][];
    expect(rows[0]!.slice(0, 4)).toEqual(["Title", "Project", "Milestone", "Status"]);
    const titles = rows.slice(1).map((r) => r[0]);
    expect(titles).toContain(`'=HYPERLINK("http://evil","x")`);
    expect(titles).toContain("Choose the worktop");
    expect(titles).not.toContain("Ben's own task");
    const worktop = rows.find((r) => r[0] === "Choose the worktop")!;
    expect(worktop.slice(1, 6)).toEqual(["Home renovation", "Kitchen", "todo", "high", "Design"]);
  });

  it("a timesheet of the person's finished time logs", async () => {
    const task = await ana.client.post<TaskDto>("/api/tasks", { title: "+Timed work" });
    expect((await ana.client.post(`/api/tasks/${task.body.id}/timer/start`)).status).toBe(200);
    expect((await ana.client.post(`/api/tasks/${task.body.id}/timer/stop`)).status).toBe(200);
    const res = await ana.client.get<string>("/api/export/time-logs.csv");
    expect(res.status).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(["Date", "Start", "End", "Minutes", "Task", "Project", "Category"]);
    expect(rows.slice(1).map((r) => r[4])).toEqual(["'+Timed work"]);
    const bens = parse((await ben.client.get<string>("/api/export/time-logs.csv")).body) as string[][];
    expect(bens).toHaveLength(1);
    expectError(await ana.client.get("/api/export/tasks.csv?tz=Mars/Olympus"), 400, /Unknown time zone/);
  });
});
