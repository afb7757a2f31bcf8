import { Hono } from "hono";
import { taskCreateBody, taskListQuery, taskUpdateBody } from "#shared/contracts/tasks.ts";
import { historyDays, taskLimit } from "#shared/domain/access.ts";
import type { AppDeps } from "../../app.ts";
import { idParam, readQuery } from "../../http/params.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { getPlanStatus } from "../billing/subscription.ts";
import { toTimeLogDto } from "./task-dto.ts";
import { createTask, deleteTask, listTasks, rescoreIfStale, updateTask } from "./tasks.ts";
import { listTimeLogs, startTimer, stopTimer } from "./timer.ts";

export function taskRoutes(deps: Pick<AppDeps, "database" | "clock" | "events">) {
  const db = deps.database.db;
  const now = deps.clock;
  const changed = (userId: string, reason: "created" | "updated" | "deleted" | "timer", taskId?: string) =>
    deps.events.emitToUser(userId, "tasks:changed", { reason, taskId });
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const user = requireUser(c);
      const query = readQuery(c, taskListQuery);
      await rescoreIfStale(db, user.id, now());
      return c.json(await listTasks(db, user.id, query, now()));
    })
    .post("/", async (c) => {
      const user = requireUser(c);
      const body = await readJson(c, taskCreateBody);
      const { plan } = await getPlanStatus(db, user.id, now());
      const task = await createTask(db, user.id, body, now(), taskLimit(plan));
      changed(user.id, "created", task.id);
      return c.json(task, 201);
    })
    .patch("/:id", async (c) => {
      const user = requireUser(c);
      const id = idParam(c);
      const body = await readJson(c, taskUpdateBody);
      const task = await updateTask(db, user.id, id, body, now());
      changed(user.id, "updated", id);
      return c.json(task);
    })
    .delete("/:id", async (c) => {
      const user = requireUser(c);
      const id = idParam(c);
      await deleteTask(db, user.id, id);
      changed(user.id, "deleted", id);
      return c.body(null, 204);
    })
    .post("/:id/timer/start", async (c) => {
      const user = requireUser(c);
      const id = idParam(c);
      const result = await startTimer(db, user.id, id, now());
      changed(user.id, "timer", id);
      return c.json(result);
    })
    .post("/:id/timer/stop", async (c) => {
      const user = requireUser(c);
      const id = idParam(c);
      const result = await stopTimer(db, user.id, id, now());
      changed(user.id, "timer", id);
      return c.json(result);
    })
    .get("/:id/time-logs", async (c) => {
      const user = requireUser(c);
      const { plan } = await getPlanStatus(db, user.id, now());
      const days = historyDays(plan);
      const since = days === null ? null : new Date(now().getTime() - days * 86_400_000);
      const logs = await listTimeLogs(db, user.id, idParam(c), since);
      return c.json({ timeLogs: logs.map(toTimeLogDto) });
    });
}
