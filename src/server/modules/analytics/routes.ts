import { Hono } from "hono";
import {
  analyticsQuery,
  analyticsResponse,
  calendarItemsResponse,
  calendarQuery,
  overviewResponse,
} from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { readQuery, timeZone } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { overview } from "./analytics.ts";
import { analyticsForPerson, calendarForPerson } from "./read-analytics.ts";

export function analyticsRoutes(deps: Pick<AppDeps, "database" | "clock" | "entitlements">) {
  const { clock, entitlements } = deps;
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/analytics", async (c) => {
      const personId = requireUser(c).id;
      const q = readQuery(c, analyticsQuery);
      const range = Number(q.range) as 7 | 30 | 90;
      const timeZoneName = timeZone(q.tz);
      const answer = await analyticsForPerson({
        db,
        entitlements,
        personId,
        range,
        timeZone: timeZoneName,
        clock,
        projectId: q.projectId,
        gate: entitlements,
      });
      return reply(c, analyticsResponse, answer);
    })
    .get("/overview", async (c) => {
      return reply(c, overviewResponse, await overview(db, requireUser(c).id));
    })
    .get("/calendar", async (c) => {
      const personId = requireUser(c).id;
      const q = readQuery(c, calendarQuery);
      const from = new Date(q.from);
      const to = new Date(q.to);
      return reply(
        c,
        calendarItemsResponse,
        await calendarForPerson({
          db,
          entitlements,
          gate: entitlements,
          personId,
          from,
          to,
          projectId: q.projectId,
        }),
      );
    });
}
