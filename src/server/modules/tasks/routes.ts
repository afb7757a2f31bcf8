import { type Context, Hono } from "hono";
import {
  taskCreateBody,
  taskDto,
  taskListQuery,
  taskListResponse,
  taskUpdateBody,
  timeLogsResponse,
  timerStartResponse,
  timerStopResponse,
} from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { clientTabId, idParam, readQuery } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { toTimeLogDto } from "./task-dto.ts";
import { createTask, deleteTask, listTasks, rescoreIfStale, updateTask } from "./tasks.ts";
import { listTimeLogs, startTimer, stopTimer } from "./timer.ts";

export function taskRoutes(deps: Pick<AppDeps, "database" | "clock" | "events" | "entitlements">) {
  const db = deps.database.db;
  const now = deps.clock;
  /** The options every task write takes, for the person and tab of this request. */
  const writer = (c: Context<AppBindings>) => ({
    db,
    events: deps.events,
    clock: now,
    personId: requireUser(c).id,
    origin: clientTabId(c),
  });
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const user = requireUser(c);
      const query = readQuery(c, taskListQuery);
      await rescoreIfStale(db, user.id, now());
      return reply(c, taskListResponse, await listTasks(db, user.id, query, now()));
    })
    .post("/", async (c) => {
      const o = writer(c);
      const body = await readJson(c, taskCreateBody);
      return reply(c, taskDto, await createTask({ ...o, body, entitlements: deps.entitlements }), 201);
    })
    .patch("/:id", async (c) => {
      const o = writer(c);
      const taskId = idParam(c);
      const body = await readJson(c, taskUpdateBody);
      return reply(c, taskDto, await updateTask({ ...o, taskId, body }));
    })
    .delete("/:id", async (c) => {
      await deleteTask({ ...writer(c), taskId: idParam(c) });
      return c.body(null, 204);
    })
    .post("/:id/timer/start", async (c) =>
      reply(c, timerStartResponse, await startTimer({ ...writer(c), taskId: idParam(c) })),
    )
    .post("/:id/timer/stop", async (c) =>
      reply(c, timerStopResponse, await stopTimer({ ...writer(c), taskId: idParam(c) })),
    )
    .get("/:id/time-logs", async (c) => {
      const user = requireUser(c);
      const { historySince } = await deps.entitlements.forPerson(user.id);
      const logs = await listTimeLogs(db, user.id, idParam(c), historySince);
      return reply(c, timeLogsResponse, { timeLogs: logs.map(toTimeLogDto) });
    });
}
