// The import use cases (decisions 275 and 276): preview reads the file into a plan and counts it,
// writing nothing; commit writes the same plan in one transaction under the person's lock, and
// records the file's SHA-256 so the same file imported again creates nothing twice.
import { and, count, eq } from "drizzle-orm";
import type {
  ColumnMapping,
  ImportBody,
  ImportCommitResponse,
  ImportPreviewResponse,
} from "#shared/contracts/import.ts";
import { DEFAULT_PROJECT_COLOUR } from "#shared/contracts/projects.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import { taskComments, taskHistory } from "../../db/schema/comments.ts";
import { imports } from "../../db/schema/imports.ts";
import { milestones, type Project, projects } from "../../db/schema/projects.ts";
import { subtasks, tasks } from "../../db/schema/tasks.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { ensureInbox } from "../projects/projects.ts";
import { seriesColumns } from "../tasks/series.ts";
import { scoreOf } from "../tasks/task-write.ts";
import { fileBytes, fileHash, fileText } from "./decode.ts";
import { MAPPED_PRIORITY_ORDER, readMappedCsv } from "./mapped-csv.ts";
import { countPlan, hasErrors, type ImportPlan, priorityMappingOf } from "./plan.ts";
import { readTickTickCsv, TICKTICK_PRIORITY_ORDER } from "./ticktick-csv.ts";
import { readTodoistCsv, TODOIST_PRIORITY_ORDER, validTimeZone } from "./todoist-csv.ts";
import { readTodoistJson } from "./todoist-json.ts";

const PROBLEMS_LISTED = 200;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const CHUNK = 500;

type ImportDeps = {
  db: Db;
  clock: Clock;
  entitlements: Pick<Entitlements, "forPerson">;
  personId: string;
};

type Reading = {
  plan: ImportPlan;
  hash: string;
  priorityOrder: readonly string[];
  columns?: string[];
  mapping?: ColumnMapping | null;
};

async function readFile(body: ImportBody, now: Date): Promise<Reading> {
  const bytes = fileBytes(body.data);
  const text = fileText(bytes);
  const timeZone = validTimeZone(body.timeZone) ?? "UTC";
  const hash = await fileHash(bytes);
  if (body.format === "csv") {
    const read = readMappedCsv(text, { fileName: body.fileName, now, timeZone, mapping: body.mapping });
    return { ...read, hash, priorityOrder: MAPPED_PRIORITY_ORDER };
  }
  if (body.mapping)
    throw new AppError("VALIDATION", "A column mapping is only for format csv.", {
      fields: { mapping: "A column mapping is only for format csv." },
    });
  if (body.format === "todoist-json")
    return {
      plan: readTodoistJson(text, { fileName: body.fileName, now, timeZone }),
      hash,
      priorityOrder: TODOIST_PRIORITY_ORDER,
    };
  if (body.format === "ticktick-csv")
    return { plan: readTickTickCsv(text, { now, timeZone }), hash, priorityOrder: TICKTICK_PRIORITY_ORDER };
  const plan = readTodoistCsv(text, { fileName: body.fileName, now, timeZone });
  return { plan, hash, priorityOrder: TODOIST_PRIORITY_ORDER };
}

async function importedBefore(db: Db | Tx, personId: string, hash: string) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, personId), eq(imports.contentHash, hash)))
    .limit(1);
  return row ?? null;
}

export async function previewImport(o: ImportDeps & { body: ImportBody }): Promise<ImportPreviewResponse> {
  const { plan, hash, priorityOrder, columns, mapping } = await readFile(o.body, o.clock());
  const before = await importedBefore(o.db, o.personId, hash);
  return {
    format: o.body.format,
    fileName: o.body.fileName,
    rows: plan.rows,
    counts: countPlan(plan),
    projectNames: plan.projects.map((p) => p.name),
    priorityMapping: priorityMappingOf(plan, priorityOrder),
    problems: plan.problems.slice(0, PROBLEMS_LISTED),
    problemCount: plan.problems.length,
    canImport: !hasErrors(plan) && !before,
    alreadyImported: before !== null,
    columns: columns ?? [],
    mapping: mapping ?? null,
  };
}

const ALREADY = "This file was imported before; nothing was created again.";

/** Tasks written so far of the file's total, told after each chunk (the commit's progress bar). */
export type ImportProgress = (done: number, total: number) => void;

export async function commitImport(
  o: ImportDeps & { body: ImportBody; onProgress?: ImportProgress },
): Promise<ImportCommitResponse> {
  const { plan, hash } = await readFile(o.body, o.clock());
  const errors = plan.problems.filter((p) => p.severity === "error");
  if (errors.length > 0) {
    const rows = errors.slice(0, 5).map((p) => p.row);
    const message = `Nothing was imported: ${errors.length === 1 ? "row" : "rows"} ${rows.join(", ")}${errors.length > 5 ? " and more" : ""} cannot be read (${errors[0]!.message})`;
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  const counts = countPlan(plan);
  const { taskLimit } = await o.entitlements.forPerson(o.personId);
  return withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
    const before = await importedBefore(tx, o.personId, hash);
    if (before)
      return {
        created: false,
        counts: { ...counts, ...before.counts },
        projects: before.projects,
        importedAt: before.createdAt.toISOString(),
        message: ALREADY,
      };
    if (taskLimit !== null) {
      const [row] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.userId, o.personId));
      const have = row?.n ?? 0;
      if (have + counts.tasks > taskLimit)
        throw new AppError(
          "PLAN_REQUIRED",
          `The free plan holds up to ${taskLimit} tasks: you have ${have} and this file has ${counts.tasks}. Upgrade to Pro for unlimited tasks, or import a smaller file.`,
          { requiredPlan: "pro" },
        );
    }
    const made: Array<{ id: string; name: string }> = [];
    let written = 0;
    const wrote = async (n: number) => {
      written += n;
      if (!o.onProgress) return;
      o.onProgress(written, counts.tasks);
      // On PGlite the writing runs in this process without a turn of the event loop between
      // statements: a turn lets the HTTP server send the line just told (decision 301).
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await wrote(0);
    for (const planned of plan.projects) {
      const project = await projectFor(tx, o.personId, planned.name, now);
      made.push({ id: project.id, name: project.name });
      await writeProject(tx, o.personId, project, planned, now, wrote);
    }
    await tx.insert(imports).values({
      userId: o.personId,
      contentHash: hash,
      format: o.body.format,
      fileName: o.body.fileName,
      counts,
      projects: made,
      createdAt: now,
    });
    return {
      created: true,
      counts,
      projects: made,
      importedAt: now.toISOString(),
      message: `Imported ${counts.tasks} ${counts.tasks === 1 ? "task" : "tasks"} into ${made.map((p) => p.name).join(", ")}.`,
    };
  });
}

/** Todoist's Inbox goes to the person's Inbox; any other name is a new personal project. */
async function projectFor(tx: Tx, personId: string, name: string, now: Date): Promise<Project> {
  if (name.toLowerCase() === "inbox") return ensureInbox(tx, personId);
  const [row] = await tx
    .insert(projects)
    .values({
      ownerId: personId,
      name,
      colour: DEFAULT_PROJECT_COLOUR,
      createdBy: personId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

async function writeProject(
  tx: Tx,
  personId: string,
  project: Project,
  planned: ImportPlan["projects"][number],
  now: Date,
  wrote: (tasks: number) => Promise<void>,
) {
  const sectionIds = new Map<string, string>();
  if (planned.sections.length > 0) {
    const rows = await tx
      .insert(milestones)
      .values(
        planned.sections.map((name) => ({ projectId: project.id, name, createdAt: now, updatedAt: now })),
      )
      .returning({ id: milestones.id, name: milestones.name });
    for (const r of rows) sectionIds.set(r.name, r.id);
  }
  for (let i = 0; i < planned.tasks.length; i += CHUNK) {
    const chunk = planned.tasks.slice(i, i + CHUNK);
    const values = chunk.map((t) => {
      const base = {
        userId: personId,
        organizationId: null,
        projectId: project.id,
        milestoneId: t.section ? (sectionIds.get(t.section) ?? null) : null,
        createdBy: personId,
        updatedBy: personId,
        version: 1,
        title: t.title,
        description: t.description,
        deadline: t.deadline,
        estimatedMinutes: t.estimatedMinutes,
        category: t.category,
        priority: t.priority,
        subtasksTotal: t.subtasks.length,
        subtasksDone: t.subtasks.filter((s) => s.done).length,
        completed: t.completedAt !== null,
        completedAt: t.completedAt,
        status: t.completedAt ? "completed" : "todo",
        createdAt: now,
        updatedAt: now,
        ...(t.recurrence && !t.completedAt ? seriesColumns(t.recurrence, t.title) : {}),
      };
      return { ...base, priorityScore: scoreOf(base, now) };
    });
    const ids = await tx.insert(tasks).values(values).returning({ id: tasks.id });
    const subRows = chunk.flatMap((t, k) =>
      t.subtasks.map((sub, position) => ({
        taskId: ids[k]!.id,
        title: sub.title,
        done: sub.done,
        completedAt: sub.done ? now : null,
        position,
        createdBy: personId,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (let j = 0; j < subRows.length; j += CHUNK)
      await tx.insert(subtasks).values(subRows.slice(j, j + CHUNK));
    // Comments in their file order, a millisecond apart so the thread reads as the file did.
    const commentRows = chunk.flatMap((t, k) =>
      t.comments.map((body, n) => ({
        taskId: ids[k]!.id,
        authorId: personId,
        body,
        createdAt: new Date(now.getTime() + n),
      })),
    );
    for (let j = 0; j < commentRows.length; j += CHUNK)
      await tx.insert(taskComments).values(commentRows.slice(j, j + CHUNK));
    await tx.insert(taskHistory).values(
      chunk.map((t, k) => ({
        taskId: ids[k]!.id,
        ownerId: personId,
        actorId: personId,
        kind: "created" as const,
        changes: { title: { from: null, to: t.title } },
        createdAt: now,
      })),
    );
    await wrote(chunk.length);
  }
}
