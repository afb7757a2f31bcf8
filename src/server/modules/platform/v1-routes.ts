// The public API, /api/v1 (issue 26), behind the credential seam: every operation of the registry
// (v1-operations.ts) is mounted here with its scope checked before its handler, and each handler only
// calls the use case the app's own routes call. Errors are problem documents (decision 255), every
// call is counted against its credential's hourly limit (decision 256), task creation honours
// `Idempotency-Key` (decision 257; project creation too, decision 311), a task's version is its ETag
// (`If-Match`, 412), the task list pages by a keyset cursor (decision 310), and the planner's and
// Refresh Insights' calls are the app's own (decision 312).
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { refreshBody } from "#shared/contracts/ai-insights.ts";
import { commentBody } from "#shared/contracts/comments.ts";
import { planRequest } from "#shared/contracts/planner.ts";
import {
  milestoneCreateBody,
  milestoneUpdateBody,
  projectCreateBody,
  projectUpdateBody,
} from "#shared/contracts/projects.ts";
import { reminderCreateBody } from "#shared/contracts/reminders.ts";
import { subtaskCreateBody, subtaskOrderBody, subtaskUpdateBody } from "#shared/contracts/subtasks.ts";
import { occurrenceActionBody, taskCreateBody, taskUpdateBody } from "#shared/contracts/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { idempotent } from "../../http/idempotency.ts";
import { clientTabId, idParam, readQuery, timeZone } from "../../http/params.ts";
import { countInWindow } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { readJson } from "../../http/validate.ts";
import {
  createInsightsCache,
  readInsights,
  readProjectInsights,
  refreshInsights,
} from "../ai-insights/generate.ts";
import { modelBudget } from "../ai-insights/model-budget.ts";
import { calendarForPerson } from "../analytics/read-analytics.ts";
import { createComment, listComments } from "../comments/comments.ts";
import {
  acceptAll,
  acceptBlock,
  discardProposal,
  type PlannerCall,
  proposePlan,
  readPlan,
  rejectBlock,
} from "../planner/plan.ts";
import { queuePlanWriteBack } from "../planner/write-back-queue.ts";
import { pomodoroToday } from "../pomodoro/pomodoro.ts";
import {
  createMilestone,
  createProject,
  deleteMilestone,
  deleteProject,
  getProject,
  listMilestones,
  listProjects,
  setArchived,
  updateMilestone,
  updateProject,
} from "../projects/projects.ts";
import { addReminder, listReminders, removeReminder } from "../reminders/reminders.ts";
import { finishOccurrence } from "../tasks/series.ts";
import {
  addSubtask,
  deleteSubtask,
  getTaskDetail,
  reorderSubtasks,
  updateSubtask,
} from "../tasks/subtasks.ts";
import { toTimeLogDto } from "../tasks/task-dto.ts";
import { createTask, deleteTask, expectedVersion, listTasksAfter, updateTask } from "../tasks/tasks.ts";
import { listTimeLogs, startTimer, stopTimer } from "../tasks/timer.ts";
import { backgroundWriter, credentialMiddleware, missingScope, type V1Bindings } from "./credential.ts";
import { openApiDocument, referencePage } from "./openapi.ts";
import { problemResponse } from "./problem.ts";
import { decodeTaskCursor, encodeTaskCursor } from "./task-cursor.ts";
import { honoPath, V1_OPERATIONS, type V1Operation, type V1OperationId } from "./v1-operations.ts";

type Deps = Pick<
  AppDeps,
  | "database"
  | "auth"
  | "clock"
  | "events"
  | "entitlements"
  | "publicUrl"
  | "mailOutbox"
  | "ai"
  | "rateLimitStore"
  | "rateLimitEnabled"
  | "logger"
  | "apiWriter"
  | "jobs"
>;

type Op<I extends V1OperationId> = Extract<(typeof V1_OPERATIONS)[number], { operationId: I }>;
type QueryOf<I extends V1OperationId> = Op<I> extends { query: z.ZodType } ? z.output<Op<I>["query"]> : never;

/** The credential's person (the seam has set it, or answered 401). */
function person(c: Context<V1Bindings>) {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return user;
}

/** A task's version as its strong ETag. */
const etagOf = (version: number) => `"${version}"`;

/**
 * Whether `If-None-Match` names the current ETag (RFC 9110 section 13.1.2: `*`, or a list of tags
 * compared weakly, so `W/"3"` matches `"3"`).
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** With If-Match, a task changed since is HTTP's failed precondition (RFC 9110 section 13.1.1). */
async function precondition(
  c: Context<V1Bindings>,
  ifMatch: string | undefined,
  bodyVersion: number | undefined,
  write: () => Promise<Response>,
) {
  try {
    return await write();
  } catch (err) {
    if (ifMatch && bodyVersion === undefined && err instanceof AppError && err.code === "CONFLICT") {
      return problemResponse(c, 412, "PRECONDITION_FAILED", err.message, { extra: err.extra });
    }
    throw err;
  }
}

export function v1Routes(deps: Deps) {
  const db = deps.database.db;
  const clock = deps.clock;
  const gate = deps.entitlements;
  const origin = new URL(deps.publicUrl).origin;
  const resourceMetadata = `${origin}/.well-known/oauth-protected-resource/api/v1`;
  const writer = (c: Context<V1Bindings>) => ({
    db,
    events: deps.events,
    clock,
    gate,
    mail: deps.mailOutbox,
    personId: person(c).id,
    origin: clientTabId(c),
  });
  const query = <I extends V1OperationId>(c: Context<V1Bindings>, id: I) =>
    readQuery(
      c,
      (V1_OPERATIONS.find((o) => o.operationId === id) as { query: z.ZodType }).query,
    ) as QueryOf<I>;

  // The insights page's own use case with a cache of its own (its correctness is the data version's).
  const insights = {
    db,
    ai: deps.ai,
    cache: createInsightsCache(500),
    entitlements: gate,
    clock,
    modelBudget: modelBudget({
      store: deps.rateLimitStore,
      enabled: deps.rateLimitEnabled,
      logger: deps.logger,
    }),
  };
  const milestoneCall = (c: Context<V1Bindings>) => ({
    db,
    gate,
    clock,
    personId: person(c).id,
    milestoneId: idParam(c, "id", "Milestone"),
  });

  const projectCall = (c: Context<V1Bindings>) => ({
    db,
    gate,
    clock,
    events: deps.events,
    personId: person(c).id,
    projectId: idParam(c, "id", "Project"),
  });
  /** The planner's call, as the app's planner routes make it (`tz` until Settings → Planning has one). */
  const plannerCall = <I extends V1OperationId>(c: Context<V1Bindings>, id: I): PlannerCall => ({
    db,
    userId: person(c).id,
    now: clock(),
    zoneHint: timeZone((query(c, id) as { tz?: string }).tz),
  });
  /** After a change to the plan in force has committed: the calendar follows (decision 186). */
  const written = async <T>(k: PlannerCall, result: T): Promise<T> => {
    await queuePlanWriteBack(deps.jobs, [k.userId], deps.logger);
    return result;
  };

  const reminderCall = (c: Context<V1Bindings>) => ({
    db,
    clock,
    gate,
    personId: person(c).id,
    taskId: idParam(c),
  });
  /** A repeating task's open occurrence completed or skipped (decision 236), version from If-Match too. */
  const occurrence = async (
    c: Context<V1Bindings>,
    op: Op<"completeOccurrence" | "skipOccurrence">,
    body: z.output<typeof occurrenceActionBody>,
    outcome: "completed" | "skipped",
  ) => {
    const o = writer(c);
    const version = expectedVersion(body.version, c.req.header("if-match"));
    return reply(
      c,
      op.response,
      await finishOccurrence({ ...o, taskId: idParam(c), body: { ...body, version }, outcome }),
    );
  };

  // Bodies are read with the very contracts the registry names (the bad-input suite finds each
  // `readJson` call by its schema's name).
  const handlers: { [I in V1OperationId]: (c: Context<V1Bindings>, op: Op<I>) => Promise<Response> } = {
    getMe: async (c, op) => {
      const me = person(c);
      const credential = c.get("credential");
      return reply(c, op.response, {
        id: me.id,
        email: me.email,
        name: me.name,
        credential: credential.kind,
        scopes: [...credential.scopes],
      });
    },
    listTasks: async (c, op) => {
      const { cursor, ...q } = query(c, "listTasks");
      const after = cursor ? decodeTaskCursor(cursor) : null;
      const { next, ...page } = await listTasksAfter({
        db,
        clock,
        gate,
        personId: person(c).id,
        query: q,
        after,
      });
      return reply(c, op.response, { ...page, nextCursor: next ? encodeTaskCursor(next) : null });
    },
    createTask: async (c, op) => {
      const input = await readJson(c, taskCreateBody);
      return idempotent(c, { db, clock, operation: "createTask", body: input }, async () => {
        const task = await createTask({ ...writer(c), body: input, entitlements: deps.entitlements });
        return { status: 201, body: op.response.parse(task) };
      });
    },
    getTask: async (c, op) => {
      const detail = await getTaskDetail({ db, clock, gate, personId: person(c).id, taskId: idParam(c) });
      const etag = etagOf(detail.task.version);
      c.header("ETag", etag);
      // A conditional GET whose copy is current: 304, no body (RFC 9110 section 15.4.5).
      if (noneMatchHits(c.req.header("if-none-match"), etag)) return c.body(null, 304);
      return reply(c, op.response, detail);
    },
    updateTask: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const input = await readJson(c, taskUpdateBody);
      const ifMatch = c.req.header("if-match");
      const expected = expectedVersion(input.version, ifMatch);
      return precondition(c, ifMatch, input.version, async () => {
        const task = await updateTask({ ...o, taskId, body: input, expectedVersion: expected });
        c.header("ETag", etagOf(task.version));
        return reply(c, op.response, task);
      });
    },
    deleteTask: async (c) => {
      const o = writer(c);
      const taskId = idParam(c);
      const { version } = query(c, "deleteTask");
      const ifMatch = c.req.header("if-match");
      const expected = expectedVersion(version, ifMatch);
      return precondition(c, ifMatch, version, async () => {
        await deleteTask({ ...o, taskId, expectedVersion: expected });
        return c.body(null, 204);
      });
    },
    completeOccurrence: async (c, op) =>
      occurrence(c, op, await readJson(c, occurrenceActionBody), "completed"),
    skipOccurrence: async (c, op) => occurrence(c, op, await readJson(c, occurrenceActionBody), "skipped"),
    createSubtask: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const body = await readJson(c, subtaskCreateBody);
      return reply(c, op.response, await addSubtask({ ...o, taskId, body }), 201);
    },
    updateSubtask: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const subtaskId = idParam(c, "subtaskId", "Subtask");
      const body = await readJson(c, subtaskUpdateBody);
      return reply(c, op.response, await updateSubtask({ ...o, taskId, subtaskId, body }));
    },
    reorderSubtasks: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const body = await readJson(c, subtaskOrderBody);
      return reply(c, op.response, await reorderSubtasks({ ...o, taskId, body }));
    },
    deleteSubtask: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const subtaskId = idParam(c, "subtaskId", "Subtask");
      return reply(c, op.response, await deleteSubtask({ ...o, taskId, subtaskId }));
    },
    listTaskReminders: async (c, op) =>
      reply(c, op.response, { reminders: await listReminders(reminderCall(c)) }),
    createTaskReminder: async (c, op) => {
      const o = reminderCall(c);
      const body = await readJson(c, reminderCreateBody);
      return reply(c, op.response, await addReminder({ ...o, body }), 201);
    },
    deleteTaskReminder: async (c) => {
      const o = reminderCall(c);
      await removeReminder({ ...o, reminderId: idParam(c, "reminderId", "Reminder") });
      return c.body(null, 204);
    },
    listTaskComments: async (c, op) =>
      reply(
        c,
        op.response,
        await listComments({
          db,
          personId: person(c).id,
          taskId: idParam(c),
          query: query(c, "listTaskComments"),
        }),
      ),
    createTaskComment: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const input = await readJson(c, commentBody);
      const comment = await createComment({ ...o, publicUrl: deps.publicUrl, taskId, body: input });
      return reply(c, op.response, comment, 201);
    },
    listTaskTimeLogs: async (c, op) => {
      const logs = await listTimeLogs({
        db,
        clock,
        entitlements: gate,
        personId: person(c).id,
        taskId: idParam(c),
      });
      return reply(c, op.response, { timeLogs: logs.map(toTimeLogDto) });
    },
    startTimer: async (c, op) =>
      reply(c, op.response, await startTimer({ ...writer(c), taskId: idParam(c) })),
    stopTimer: async (c, op) => reply(c, op.response, await stopTimer({ ...writer(c), taskId: idParam(c) })),
    listProjects: async (c, op) => {
      const { limit, cursor, ...filters } = query(c, "listProjects");
      const all = (await listProjects({ db, gate, clock, personId: person(c).id, query: filters }))
        .slice()
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const after = cursor ? all.filter((p) => p.id > cursor) : all;
      const page = after.slice(0, limit);
      const nextCursor = after.length > limit ? page[page.length - 1]!.id : null;
      return reply(c, op.response, { projects: page, nextCursor });
    },
    getProject: async (c, op) =>
      reply(
        c,
        op.response,
        await getProject({
          db,
          gate,
          clock,
          personId: person(c).id,
          projectId: idParam(c, "id", "Project"),
        }),
      ),
    createProject: async (c, op) => {
      const input = await readJson(c, projectCreateBody);
      return idempotent(c, { db, clock, operation: "createProject", body: input }, async () => {
        const project = await createProject({
          db,
          gate,
          clock,
          events: deps.events,
          personId: person(c).id,
          body: input,
        });
        return { status: 201, body: op.response.parse(project) };
      });
    },
    updateProject: async (c, op) => {
      const o = projectCall(c);
      const body = await readJson(c, projectUpdateBody);
      return reply(c, op.response, await updateProject({ ...o, body }));
    },
    archiveProject: async (c, op) =>
      reply(c, op.response, await setArchived({ ...projectCall(c), archived: true })),
    restoreProject: async (c, op) =>
      reply(c, op.response, await setArchived({ ...projectCall(c), archived: false })),
    deleteProject: async (c, op) => {
      const o = projectCall(c);
      const { confirm } = query(c, "deleteProject");
      return reply(c, op.response, await deleteProject({ ...o, confirm: confirm === "true" }));
    },
    listMilestones: async (c, op) =>
      reply(c, op.response, {
        milestones: await listMilestones({
          db,
          gate,
          clock,
          personId: person(c).id,
          projectId: idParam(c, "id", "Project"),
        }),
      }),
    createMilestone: async (c, op) => {
      const projectId = idParam(c, "id", "Project");
      const body = await readJson(c, milestoneCreateBody);
      return reply(
        c,
        op.response,
        await createMilestone({ db, gate, clock, personId: person(c).id, projectId, body }),
        201,
      );
    },
    updateMilestone: async (c, op) => {
      const o = milestoneCall(c);
      const body = await readJson(c, milestoneUpdateBody);
      return reply(c, op.response, await updateMilestone({ ...o, body }));
    },
    deleteMilestone: async (c) => {
      await deleteMilestone(milestoneCall(c));
      return c.body(null, 204);
    },
    getInsights: async (c, op) => {
      const { tz, projectId } = query(c, "getInsights");
      const o = { ...insights, personId: person(c).id, tz: timeZone(tz) };
      return reply(
        c,
        op.response,
        projectId ? await readProjectInsights({ ...o, projectId, gate }) : await readInsights(o),
      );
    },
    getPlan: async (c, op) => reply(c, op.response, await readPlan(plannerCall(c, "getPlan"))),
    proposePlan: async (c, op) => {
      const k = plannerCall(c, "proposePlan");
      return reply(c, op.response, await proposePlan(k, await readJson(c, planRequest)));
    },
    discardPlanProposal: async (c, op) =>
      reply(c, op.response, await discardProposal(plannerCall(c, "discardPlanProposal"))),
    acceptPlanProposal: async (c, op) => {
      const k = plannerCall(c, "acceptPlanProposal");
      return reply(c, op.response, await written(k, await acceptAll(k)));
    },
    acceptPlanBlock: async (c, op) => {
      const k = plannerCall(c, "acceptPlanBlock");
      return reply(c, op.response, await written(k, await acceptBlock(k, idParam(c, "id", "Block"))));
    },
    rejectPlanBlock: async (c, op) => {
      const k = plannerCall(c, "rejectPlanBlock");
      return reply(c, op.response, await written(k, await rejectBlock(k, idParam(c, "id", "Block"))));
    },
    refreshInsights: async (c, op) => {
      const personId = person(c).id;
      // As the app's route: the plan is asked before the body, and the refresh counts against the
      // person's own refresh limit, the same counter the AI Insights page's button uses.
      await gate.require(personId, "ai_insights");
      const { tz } = await readJson(c, refreshBody);
      const zone = timeZone(tz);
      if (deps.rateLimitEnabled) {
        const limit = ROUTE_LIMITS.aiInsightsRefresh;
        const counted = await countInWindow(deps.rateLimitStore, limit, `u:${personId}`, clock());
        if (!counted.allowed)
          return problemResponse(
            c,
            429,
            "RATE_LIMITED",
            "Too many refreshes. Please wait a moment and try again.",
            {
              headers: { "Retry-After": String(counted.retryAfterSeconds) },
            },
          );
      }
      return reply(c, op.response, await refreshInsights({ ...insights, personId, tz: zone }));
    },
    listPomodoroSessions: async (c, op) => {
      const { tz } = query(c, "listPomodoroSessions");
      return reply(c, op.response, await pomodoroToday(db, person(c).id, timeZone(tz), clock()));
    },
    listCalendarItems: async (c, op) => {
      const q = query(c, "listCalendarItems");
      return reply(
        c,
        op.response,
        await calendarForPerson({
          db,
          entitlements: gate,
          gate,
          personId: person(c).id,
          from: new Date(q.from),
          to: new Date(q.to),
          projectId: q.projectId,
        }),
      );
    },
  };

  // The document and its reference page are public (they describe, they hold nothing personal):
  // mounted before the credential seam, so they need no credential and count against no limit.
  const app = new Hono<V1Bindings>()
    .get("/openapi.json", (c) => c.json(openApiDocument(origin)))
    .get("/docs", (c) => c.html(referencePage(origin)))
    .use(
      "*",
      credentialMiddleware({
        db,
        auth: deps.auth,
        clock,
        resourceMetadata,
        writer: deps.apiWriter ?? backgroundWriter(db, deps.logger),
      }),
    );
  for (const op of V1_OPERATIONS as readonly V1Operation[]) {
    const handler = handlers[op.operationId as V1OperationId] as (
      c: Context<V1Bindings>,
      op: V1Operation,
    ) => Promise<Response>;
    app.on(op.method.toUpperCase(), honoPath(op.path), async (c) => {
      if (op.scope) {
        const denied = missingScope(c, op.scope);
        if (denied) return denied;
      }
      return handler(c, op);
    });
  }
  return app;
}
