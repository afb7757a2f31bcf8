// /api/planner: Settings → Planning, Plan my week / Plan my day (a preview: nothing changes before
// acceptance), accept all, accept or reject one block, drag a block (then pinned), deadlines at risk.
import { Hono } from "hono";
import { z } from "zod";
import {
  acceptAllResponse,
  atRiskResponse,
  dragBlockBody,
  planningPreferences,
  planningPreferencesResponse,
  planRequest,
  planResponse,
} from "#shared/contracts/planner.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam, readQuery, timeZone } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  acceptAll,
  acceptBlock,
  deadlinesAtRisk,
  discardProposal,
  dragBlock,
  type PlannerCall,
  proposePlan,
  readPlan,
  rejectBlock,
} from "./plan.ts";
import { readPlanning, savePlanning } from "./planning-preferences.ts";
import { queuePlanWriteBack } from "./write-back-queue.ts";

const tzQuery = z.object({ tz: z.string().max(64).optional() }).strict();

export function plannerRoutes(deps: Pick<AppDeps, "database" | "clock" | "jobs" | "logger">) {
  const db = deps.database.db;
  const call = (c: Parameters<typeof requireUser>[0]): PlannerCall => ({
    db,
    userId: requireUser(c).id,
    now: deps.clock(),
    zoneHint: timeZone(readQuery(c, tzQuery).tz),
  });
  const blockId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "Block");
  /** After a change to the plan in force has committed: the calendar follows (decision 186). */
  const written = async <T>(k: PlannerCall, result: T): Promise<T> => {
    await queuePlanWriteBack(deps.jobs, [k.userId], deps.logger);
    return result;
  };
  return new Hono<AppBindings>()
    .get("/preferences", async (c) => {
      const k = call(c);
      return reply(c, planningPreferencesResponse, await readPlanning(db, k.userId, k.zoneHint, k.now));
    })
    .put("/preferences", async (c) => {
      const k = call(c);
      const body = await readJson(c, planningPreferences);
      timeZone(body.timeZone);
      return reply(c, planningPreferencesResponse, await savePlanning(db, k.userId, body, k.now));
    })
    .get("/plan", async (c) => reply(c, planResponse, await readPlan(call(c))))
    .post("/plan", async (c) => {
      const k = call(c);
      return reply(c, planResponse, await proposePlan(k, await readJson(c, planRequest)));
    })
    .delete("/plan", async (c) => reply(c, planResponse, await discardProposal(call(c))))
    .post("/plan/accept", async (c) => {
      const k = call(c);
      return reply(c, acceptAllResponse, await written(k, await acceptAll(k)));
    })
    .post("/blocks/:id/accept", async (c) => {
      const k = call(c);
      return reply(c, planResponse, await written(k, await acceptBlock(k, blockId(c))));
    })
    .post("/blocks/:id/reject", async (c) => {
      const k = call(c);
      return reply(c, planResponse, await written(k, await rejectBlock(k, blockId(c))));
    })
    .patch("/blocks/:id", async (c) => {
      const k = call(c);
      const id = blockId(c);
      return reply(
        c,
        planResponse,
        await written(k, await dragBlock(k, id, await readJson(c, dragBlockBody))),
      );
    })
    .get("/at-risk", async (c) => reply(c, atRiskResponse, await deadlinesAtRisk(call(c))));
}
