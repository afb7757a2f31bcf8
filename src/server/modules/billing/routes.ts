import { Hono } from "hono";
import { demoStatusDto, subscriptionResponse } from "#shared/contracts/billing.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { startDemo } from "./demo.ts";
import { subscriptionOverview } from "./subscription-overview.ts";

/** GET /api/subscription: the plan (trial, free, pro, team) and any live demo preview. */
export function subscriptionRoutes(deps: Pick<AppDeps, "database" | "clock" | "entitlements">) {
  const { clock, entitlements } = deps;
  const db = deps.database.db;
  return new Hono<AppBindings>().get("/", async (c) => {
    const personId = requireUser(c).id;
    return reply(c, subscriptionResponse, await subscriptionOverview({ db, entitlements, clock, personId }));
  });
}

/** POST /api/demo: starts the 30-minute preview of Pro and Team features. */
export function demoRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  return new Hono<AppBindings>().post("/", async (c) => {
    const user = requireUser(c);
    return reply(c, demoStatusDto, await startDemo(deps.database.db, user.id, deps.clock()), 201);
  });
}
