// The public API, /api/v1 (issue 26), behind the credential seam: every operation of the registry
// (v1-operations.ts) is mounted here with its scope checked before its handler, and each handler only
// calls the use case the app's own routes call. Errors are problem documents (decision 255), every
// call is counted against its credential's hourly limit (decision 256), task creation honours
// `Idempotency-Key` (decision 257), and a task's version is its ETag (`If-Match`, 412).
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { commentBody } from "#shared/contracts/comments.ts";
import { reminderCreateBody } from "#shared/contracts/reminders.ts";
import { subtaskCreateBody, subtaskUpdateBody } from "#shared/contracts/subtasks.ts";
import { occurrenceActionBody, taskCreateBody, taskUpdateBody } from "#shared/contracts/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { idempotent } from "../../http/idempotency.ts";
import { clientTabId, idParam, readQuery, timeZone } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { readJson } from "../../http/validate.ts";
import { calendarForPerson } from "../analytics/read-analytics.ts";
import { createComment, listComments } from "../comments/comments.ts";
import { readPlan } from "../planner/plan.ts";
import { pomodoroToday } from "../pomodoro/pomodoro.ts";
import { getProject, listMilestones, listProjects } from "../projects/projects.ts";
import { addReminder, listReminders } from "../reminders/reminders.ts";
import { finishOccurrence } from "../tasks/series.ts";
import { addSubtask, getTaskDetail, updateSubtask } from "../tasks/subtasks.ts";
import { toTimeLogDto } from "../tasks/task-dto.ts";
import { createTask, expectedVersion, listTasks, updateTask } from "../tasks/tasks.ts";
import { listTimeLogs, startTimer, stopTimer } from "../tasks/timer.ts";
import { credentialMiddleware, missingScope, type V1Bindings } from "./credential.ts";
import { openApiDocument, referencePage } from "./openapi.ts";
import { problemResponse } from "./problem.ts";
import { honoPath, V1_OPERATIONS, type V1Operation, type V1OperationId } from "./v1-operations.ts";

type Deps = Pick<
  AppDeps,
  "database" | "auth" | "clock" | "events" | "entitlements" | "publicUrl" | "mailOutbox"
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
    op: V1Operation,
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
  const handlers: Record<V1OperationId, (c: Context<V1Bindings>, op: V1Operation) => Promise<Response>> = {
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
    listTasks: async (c, op) =>
      reply(
        c,
        op.response,
        await listTasks({ db, clock, gate, personId: person(c).id, query: query(c, "listTasks") }),
      ),
    createTask: async (c, op) => {
      const input = await readJson(c, taskCreateBody);
      return idempotent(c, { db, clock, operation: "createTask", body: input }, async () => {
        const task = await createTask({ ...writer(c), body: input, entitlements: deps.entitlements });
        return { status: 201, body: op.response.parse(task) };
      });
    },
    getTask: async (c, op) => {
      const detail = await getTaskDetail({ db, clock, gate, personId: person(c).id, taskId: idParam(c) });
      c.header("ETag", etagOf(detail.task.version));
      return reply(c, op.response, detail);
    },
    updateTask: async (c, op) => {
      const o = writer(c);
      const taskId = idParam(c);
      const input = await readJson(c, taskUpdateBody);
      const ifMatch = c.req.header("if-match");
      const expected = expectedVersion(input.version, ifMatch);
      try {
        const task = await updateTask({ ...o, taskId, body: input, expectedVersion: expected });
        c.header("ETag", etagOf(task.version));
        return reply(c, op.response, task);
      } catch (err) {
        // With If-Match, a task changed since is HTTP's failed precondition (RFC 9110 section 13.1.1).
        if (ifMatch && input.version === undefined && err instanceof AppError && err.code === "CONFLICT") {
          return problemResponse(c, 412, "PRECONDITION_FAILED", err.message, { extra: err.extra });
        }
        throw err;
      }
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
    listTaskReminders: async (c, op) =>
      reply(c, op.response, { reminders: await listReminders(reminderCall(c)) }),
    createTaskReminder: async (c, op) => {
      const o = reminderCall(c);
      const body = await readJson(c, reminderCreateBody);
      return reply(c, op.response, await addReminder({ ...o, body }), 201);
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
    getPlan: async (c, op) =>
      reply(c, op.response, await readPlan({ db, userId: person(c).id, now: clock(), zoneHint: "UTC" })),
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
    .use("*", credentialMiddleware({ db, auth: deps.auth, clock, resourceMetadata }));
  for (const op of V1_OPERATIONS as readonly V1Operation[]) {
    const handler = handlers[op.operationId as V1OperationId];
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
