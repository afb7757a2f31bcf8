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
      return c.json(await calendarItems(db, user.id, new Date(q.from), new Date(q.to)));
    });
}
