// /api/ai-insights: the AI Insights page's calls, every one Pro (feature ai_insights), refused on the
// server with 403 PLAN_REQUIRED for a free person: each use case asks the entitlements service
// itself (decision 024). Refresh Insights is limited per person (ROUTE_LIMITS.aiInsightsRefresh).
import { Hono } from "hono";
import {
  acknowledgeBody,
  acknowledgeResponse,
  applyBody,
  applyResponse,
  insightsQuery,
  insightsResponse,
  postponeBody,
  postponeResponse,
  refreshBody,
  scheduleQuery,
  scheduleResponse,
} from "#shared/contracts/ai-insights.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam, readQuery, timeZone } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { acknowledgeBurnout } from "./acknowledge.ts";
import { applyRecommendation } from "./apply.ts";
import { createInsightsCache, readInsights, readProjectInsights, refreshInsights } from "./generate.ts";
import { modelBudget } from "./model-budget.ts";
import { postponeTask, tasksDueThisWeek } from "./schedule.ts";

export function aiInsightsRoutes(
  deps: Pick<
    AppDeps,
    "database" | "clock" | "ai" | "events" | "entitlements" | "rateLimitStore" | "rateLimitEnabled" | "logger"
  >,
) {
  const db = deps.database.db;
  const { clock, entitlements, events } = deps;
  const cache = createInsightsCache();
  const budget = modelBudget({
    store: deps.rateLimitStore,
    enabled: deps.rateLimitEnabled,
    logger: deps.logger,
  });
  const insights = { db, ai: deps.ai, cache, entitlements, clock, modelBudget: budget };
  // Decision 024's one exception: where the request carries an id or a body, the plan is asked
  // first, so a person without the feature hears 403 before anything about them. The use case
  // asks again.
  const gateBeforeBody = (personId: string) => entitlements.require(personId, "ai_insights");
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const personId = requireUser(c).id;
      const { tz, projectId } = readQuery(c, insightsQuery);
      const o = { ...insights, personId, tz: timeZone(tz) };
      return reply(
        c,
        insightsResponse,
        projectId
          ? await readProjectInsights({ ...o, projectId, gate: entitlements })
          : await readInsights(o),
      );
    })
    .post("/refresh", rateLimit(ROUTE_LIMITS.aiInsightsRefresh), async (c) => {
      const personId = requireUser(c).id;
      await gateBeforeBody(personId);
      const { tz } = await readJson(c, refreshBody);
      return reply(c, insightsResponse, await refreshInsights({ ...insights, personId, tz: timeZone(tz) }));
    })
    .post("/recommendations/:id/apply", async (c) => {
      const personId = requireUser(c).id;
      await gateBeforeBody(personId);
      const recommendationId = idParam(c, "id", "Recommendation");
      const { tz } = await readJson(c, applyBody);
      const result = await applyRecommendation({
        db,
        events,
        entitlements,
        clock,
        cache,
        personId,
        recommendationId,
        tz: timeZone(tz),
      });
      return reply(c, applyResponse, result);
    })
    .post("/burnout/acknowledge", async (c) => {
      const personId = requireUser(c).id;
      await gateBeforeBody(personId);
      const { tz } = await readJson(c, acknowledgeBody);
      const stored = await acknowledgeBurnout({ db, entitlements, clock, cache, personId, tz: timeZone(tz) });
      return reply(c, acknowledgeResponse, stored, 201);
    })
    .get("/schedule", async (c) => {
      const personId = requireUser(c).id;
      const { tz } = readQuery(c, scheduleQuery);
      const due = await tasksDueThisWeek({ db, entitlements, clock, personId, tz: timeZone(tz) });
      return reply(c, scheduleResponse, due);
    })
    .post("/schedule/:id/postpone", async (c) => {
      const personId = requireUser(c).id;
      await gateBeforeBody(personId);
      const taskId = idParam(c, "id", "Task");
      const { days, tz } = await readJson(c, postponeBody);
      const result = await postponeTask({
        db,
        events,
        clock,
        entitlements,
        personId,
        taskId,
        days,
        tz: timeZone(tz),
      });
      return reply(c, postponeResponse, result);
    });
}
