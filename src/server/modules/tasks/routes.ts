import { type Context, Hono } from "hono";
import {
  subtaskCreateBody,
  subtaskOrderBody,
  subtaskUpdateBody,
  taskDetailDto,
} from "#shared/contracts/subtasks.ts";
import {
  occurrenceActionBody,
  occurrenceActionResponse,
  taskCreateBody,
  taskDeleteQuery,
  taskDto,
  taskListQuery,
  taskListResponse,
  taskUpdateBody,
  timeLogsResponse,
  timerStartResponse,
  timerStopResponse,
} from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { idempotent } from "../../http/idempotency.ts";
import { clientTabId, idParam, readQuery } from "../../http/params.ts";
import { answerText, ResponseShapeError, reply, replyText } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { finishOccurrence } from "./series.ts";
import { addSubtask, deleteSubtask, getTaskDetail, reorderSubtasks, updateSubtask } from "./subtasks.ts";
import { toTimeLogDto } from "./task-dto.ts";
import { createTask, deleteTask, expectedVersion, listTasksJson, updateTask } from "./tasks.ts";
import { listTimeLogs, startTimer, stopTimer } from "./timer.ts";

export function taskRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "events" | "entitlements"> &
    Partial<Pick<AppDeps, "mailOutbox">>,
) {
  const db = deps.database.db;
  const now = deps.clock;
  /** The options every task write takes, for the person and tab of this request. */
  const writer = (c: Context<AppBindings>) => ({
    db,
    events: deps.events,
    clock: now,
    gate: deps.entitlements,
    mail: deps.mailOutbox,
    personId: requireUser(c).id,
    origin: clientTabId(c),
  });
  return (
    new Hono<AppBindings>()
      .get("/", async (c) => {
        const personId = requireUser(c).id;
        const query = readQuery(c, taskListQuery);
        const serialize = answerText(c, taskListResponse);
        return replyText(
          c,
          await listTasksJson({ db, clock: now, gate: deps.entitlements, personId, query, serialize }),
        );
      })
      .post("/", async (c) => {
        const o = writer(c);
        const body = await readJson(c, taskCreateBody);
        // A creation the web's offline queue sends (decision 282) carries an Idempotency-Key: sent
        // again after a lost answer, it answers the first task and creates nothing (decision 257).
        return idempotent(c, { db, clock: now, operation: "app:createTask", body }, async () => {
          const task = await createTask({ ...o, body, entitlements: deps.entitlements });
          const parsed = taskDto.safeParse(task);
          if (!parsed.success) throw new ResponseShapeError(c.req.path, parsed.error.issues);
          return { status: 201, body: parsed.data };
        });
      })
      .get("/:id", async (c) =>
        reply(
          c,
          taskDetailDto,
          await getTaskDetail({
            db,
            clock: now,
            gate: deps.entitlements,
            personId: requireUser(c).id,
            taskId: idParam(c),
          }),
        ),
      )
      .patch("/:id", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const body = await readJson(c, taskUpdateBody);
        const expected = expectedVersion(body.version, c.req.header("if-match"));
        return reply(c, taskDto, await updateTask({ ...o, taskId, body, expectedVersion: expected }));
      })
      .delete("/:id", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const { version } = readQuery(c, taskDeleteQuery);
        await deleteTask({
          ...o,
          taskId,
          expectedVersion: expectedVersion(version, c.req.header("if-match")),
        });
        return c.body(null, 204);
      })
      // A repeating task's open occurrence (decision 236): completed or skipped, the next one opened.
      .post("/:id/occurrences/complete", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const body = await readJson(c, occurrenceActionBody);
        const version = expectedVersion(body.version, c.req.header("if-match"));
        return reply(
          c,
          occurrenceActionResponse,
          await finishOccurrence({ ...o, taskId, body: { ...body, version }, outcome: "completed" }),
        );
      })
      .post("/:id/occurrences/skip", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const body = await readJson(c, occurrenceActionBody);
        const version = expectedVersion(body.version, c.req.header("if-match"));
        return reply(
          c,
          occurrenceActionResponse,
          await finishOccurrence({ ...o, taskId, body: { ...body, version }, outcome: "skipped" }),
        );
      })
      // Subtasks (decisions 230 to 233): every write answers with the task and all its subtasks.
      .post("/:id/subtasks", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const body = await readJson(c, subtaskCreateBody);
        return reply(c, taskDetailDto, await addSubtask({ ...o, taskId, body }), 201);
      })
      .put("/:id/subtasks/order", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const body = await readJson(c, subtaskOrderBody);
        return reply(c, taskDetailDto, await reorderSubtasks({ ...o, taskId, body }));
      })
      .patch("/:id/subtasks/:subId", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const subtaskId = idParam(c, "subId", "Subtask");
        const body = await readJson(c, subtaskUpdateBody);
        return reply(c, taskDetailDto, await updateSubtask({ ...o, taskId, subtaskId, body }));
      })
      .delete("/:id/subtasks/:subId", async (c) => {
        const o = writer(c);
        const taskId = idParam(c);
        const subtaskId = idParam(c, "subId", "Subtask");
        return reply(c, taskDetailDto, await deleteSubtask({ ...o, taskId, subtaskId }));
      })
      .post("/:id/timer/start", async (c) =>
        reply(c, timerStartResponse, await startTimer({ ...writer(c), taskId: idParam(c) })),
      )
      .post("/:id/timer/stop", async (c) =>
        reply(c, timerStopResponse, await stopTimer({ ...writer(c), taskId: idParam(c) })),
      )
      .get("/:id/time-logs", async (c) => {
        const personId = requireUser(c).id;
        const logs = await listTimeLogs({
          db,
          clock: now,
          entitlements: deps.entitlements,
          personId,
          taskId: idParam(c),
        });
        return reply(c, timeLogsResponse, { timeLogs: logs.map(toTimeLogDto) });
      })
  );
}
