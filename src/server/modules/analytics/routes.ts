import { Hono } from "hono";
import { analyticsQuery, calendarQuery } from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { readQuery, timeZone } from "../../http/params.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { analytics, overview } from "./analytics.ts";
import { calendarItems } from "./calendar-items.ts";

export function analyticsRoutes(deps: Pick<AppDeps, "database" | "clock" | "entitlements">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/analytics", async (c) => {
      const user = requireUser(c);
      const q = readQuery(c, analyticsQuery);
      const now = deps.clock();
      const { historyDays: limit } = await deps.entitlements.forPerson(user.id);
      const asked = Number(q.range) as 7 | 30 | 90;
      // The free plan shows 7 days of history whatever range is asked for.
      const limited = limit !== null && asked > limit;
      const result = await analytics(db, user.id, limited ? (limit as 7) : asked, timeZone(q.tz), now);
      return c.json({ ...result, historyLimitedTo: limited ? limit : null });
    })
    .get("/overview", async (c) => {
      const user = requireUser(c);
      return c.json(await overview(db, user.id));
    })
    .get("/calendar", async (c) => {
      const user = requireUser(c);
      const q = readQuery(c, calendarQuery);
      // The same 7-day limit as the time-log and analytics calls, or paging back through the
      // calendar would show a free person the tracked time those calls hide.
      const { historySince } = await deps.entitlements.forPerson(user.id);
      return c.json(await calendarItems(db, user.id, new Date(q.from), new Date(q.to), historySince));
    });
}
