import { Hono } from "hono";
import { analyticsQuery, calendarQuery } from "#shared/contracts/tasks.ts";
import { historyDays } from "#shared/domain/access.ts";
import type { AppDeps } from "../../app.ts";
import { readQuery, timeZone } from "../../http/params.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { getPlanStatus } from "../billing/subscription.ts";
import { analytics, overview } from "./analytics.ts";
import { calendarItems } from "./calendar-items.ts";

export function analyticsRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/analytics", async (c) => {
      const user = requireUser(c);
      const q = readQuery(c, analyticsQuery);
      const now = deps.clock();
      const { plan } = await getPlanStatus(db, user.id, now);
      const limit = historyDays(plan);
      const asked = Number(q.range) as 7 | 30 | 90;
      // The free plan shows 7 days of history whatever range is asked for.
      const limited = limit !== null && asked > limit;
      const result = await analytics(db, user.id, limited ? 7 : asked, timeZone(q.tz), now);
      return c.json({ ...result, historyLimitedTo: limited ? limit : null });
    })
    .get("/overview", async (c) => {
      const user = requireUser(c);
      return c.json(await overview(db, user.id));
    })
    .get("/calendar", async (c) => {
      const user = requireUser(c);
      const q = readQuery(c, calendarQuery);
      const now = deps.clock();
      // The same 7-day limit as the time-log and analytics calls, or paging back through the
      // calendar would show a free person the tracked time those calls hide.
      const { plan } = await getPlanStatus(db, user.id, now);
      const days = historyDays(plan);
      const since = days === null ? null : new Date(now.getTime() - days * 86_400_000);
      return c.json(await calendarItems(db, user.id, new Date(q.from), new Date(q.to), since));
    });
}
