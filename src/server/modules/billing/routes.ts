import { Hono } from "hono";
import { demoStatusDto, subscriptionResponse } from "#shared/contracts/billing.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { demoStatus, startDemo } from "./demo.ts";

/** GET /api/subscription: the plan (trial, free, pro, team) and any live demo preview. */
export function subscriptionRoutes(deps: Pick<AppDeps, "database" | "clock" | "entitlements">) {
  const db = deps.database.db;
  return new Hono<AppBindings>().get("/", async (c) => {
    const user = requireUser(c);
    const [person, demo] = await Promise.all([
      deps.entitlements.forPerson(user.id),
      demoStatus(db, user.id, deps.clock()),
    ]);
    const { taskLimit, historyDays, workflowLimit, calendarConnectionLimit } = person;
    const limits = { taskLimit, historyDays, workflowLimit, calendarConnectionLimit };
    return reply(c, subscriptionResponse, { ...person.plan, demo, limits });
  });
}

/** POST /api/demo: starts the 30-minute preview of Pro and Team features. */
export function demoRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  return new Hono<AppBindings>().post("/", async (c) => {
    const user = requireUser(c);
    return reply(c, demoStatusDto, await startDemo(deps.database.db, user.id, deps.clock()), 201);
  });
}
