// POST /api/client-errors: the browser's error log entry, sent when the person allows crash reports.
// The browser checks the switch before sending; the server checks it again, so "off" holds even for
// a tab that has not heard of the change yet, or a page that does not ask.
import { Hono } from "hono";
import { clientErrorBody, clientErrorSaved } from "#shared/contracts/account.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { getPreferences } from "../preferences/preferences.ts";
import { storeClientError } from "./client-errors.ts";

export const CRASH_REPORTS_OFF =
  "Crash reports are turned off in your privacy settings, so nothing was sent.";

export function clientErrorRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  return new Hono<AppBindings>().post("/", rateLimit(ROUTE_LIMITS.clientErrors), async (c) => {
    const person = requireUser(c);
    // Before the body is read: nothing of the report is looked at.
    const { privacy } = await getPreferences(deps.database.db, person.id);
    if (!privacy.crashReports) throw new AppError("FORBIDDEN", CRASH_REPORTS_OFF);
    const report = await readJson(c, clientErrorBody);
    const saved = await storeClientError(
      deps.database.db,
      person,
      report,
      c.req.header("user-agent"),
      deps.clock(),
    );
    return reply(c, clientErrorSaved, saved, 201);
  });
}
