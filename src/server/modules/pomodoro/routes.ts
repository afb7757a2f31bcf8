import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  pomodoroCompleteBody,
  pomodoroSessionDto,
  pomodoroStartBody,
  pomodoroTodayResponse,
} from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { clientTabId, idParam, readQuery, timeZone } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { completePomodoro, pomodoroToday, startPomodoro } from "./pomodoro.ts";

const hasNoBody = (c: Context) =>
  c.req.header("content-type") === undefined && (c.req.header("content-length") ?? "0") === "0";

const todayQuery = z.object({ tz: z.string().max(64).optional() }).strict();

export function pomodoroRoutes(deps: Pick<AppDeps, "database" | "clock" | "events">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/today", async (c) => {
      const user = requireUser(c);
      const { tz } = readQuery(c, todayQuery);
      return reply(c, pomodoroTodayResponse, await pomodoroToday(db, user.id, timeZone(tz), deps.clock()));
    })
    .post("/", async (c) => {
      const user = requireUser(c);
      const body = await readJson(c, pomodoroStartBody);
      return reply(c, pomodoroSessionDto, await startPomodoro(db, user.id, body, deps.clock()), 201);
    })
    .post("/:id/complete", async (c) => {
      const user = requireUser(c);
      const id = idParam(c, "id", "Pomodoro session");
      // A bodiless POST (what clients sent before the end time was added) still completes.
      const { endTime } = hasNoBody(c) ? {} : await readJson(c, pomodoroCompleteBody);
      const claimed = endTime ? new Date(endTime) : null;
      const session = await completePomodoro({
        db,
        events: deps.events,
        personId: user.id,
        sessionId: id,
        claimedEnd: claimed,
        now: deps.clock(),
        origin: clientTabId(c),
      });
      return reply(c, pomodoroSessionDto, session);
    });
}
