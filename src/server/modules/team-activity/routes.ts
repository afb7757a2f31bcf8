// GET /api/team/activity: the team's Recent Activity (last 10), for the workspace's first paint and
// after a reconnect. Team plan only; a person without a live team has no activity to read.
import { Hono } from "hono";
import { teamActivityResponse } from "#shared/contracts/team-workspace.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { teamActivityFor } from "./activity.ts";

export function teamActivityRoutes(deps: Pick<AppDeps, "database" | "clock" | "entitlements">) {
  const { clock, entitlements } = deps;
  const db = deps.database.db;
  return new Hono<AppBindings>().get("/", async (c) => {
    const personId = requireUser(c).id;
    return reply(c, teamActivityResponse, {
      activity: await teamActivityFor({ db, entitlements, clock, personId }),
    });
  });
}
