// POST /api/client-errors: the browser's error log entry, sent when the person allows crash reports.
import { Hono } from "hono";
import { clientErrorBody } from "#shared/contracts/account.ts";
import type { AppDeps } from "../../app.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { storeClientError } from "./client-errors.ts";

export function clientErrorRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  return new Hono<AppBindings>().post("/", rateLimit(ROUTE_LIMITS.clientErrors), async (c) => {
    const person = requireUser(c);
    const report = await readJson(c, clientErrorBody);
    const saved = await storeClientError(
      deps.database.db,
      person,
      report,
      c.req.header("user-agent"),
      deps.clock(),
    );
    return c.json(saved, 201);
  });
}
