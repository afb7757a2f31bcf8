// GET /api/calendar-integrations: providers (configured or not), active connections, sync history.
import { Hono } from "hono";
import type { AppDeps } from "../../app.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { getCalendarIntegrations } from "./integrations.ts";

export function calendarIntegrationRoutes(deps: Pick<AppDeps, "database" | "calendarOAuth">) {
  return new Hono<AppBindings>().get("/", async (c) =>
    c.json(await getCalendarIntegrations(deps.database.db, requireUser(c).id, deps.calendarOAuth)),
  );
}
