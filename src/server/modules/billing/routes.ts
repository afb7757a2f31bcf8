import { Hono } from "hono";
import type { AppDeps } from "../../app.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { demoStatus, startDemo } from "./demo.ts";
import { getPlanStatus } from "./subscription.ts";

/** GET /api/subscription: the plan (trial, free, pro, team) and any live demo preview. */
export function subscriptionRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  const db = deps.database.db;
  return new Hono<AppBindings>().get("/", async (c) => {
    const user = requireUser(c);
    const now = deps.clock();
    const [plan, demo] = await Promise.all([getPlanStatus(db, user.id, now), demoStatus(db, user.id, now)]);
    return c.json({ ...plan, demo });
  });
}

/** POST /api/demo: starts the 30-minute preview of Pro and Team features. */
export function demoRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  return new Hono<AppBindings>().post("/", async (c) => {
    const user = requireUser(c);
    return c.json(await startDemo(deps.database.db, user.id, deps.clock()), 201);
  });
}
