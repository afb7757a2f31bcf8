// /api/ai-insights: the AI Insights page's calls, every one Pro (feature ai_insights), refused on the
// server with 403 PLAN_REQUIRED for a free person.
import { type Context, Hono } from "hono";
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
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { acknowledgeBurnout } from "./acknowledge.ts";
import { applyRecommendation } from "./apply.ts";
import { createInsightsCache, getInsights } from "./generate.ts";
import { postponeTask, tasksDueThisWeek } from "./schedule.ts";

export function aiInsightsRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "ai" | "events" | "entitlements">,
) {
  const db = deps.database.db;
  const cache = createInsightsCache();
  const gate = async (c: Context<AppBindings>) => {
    const person = requireUser(c);
    await deps.entitlements.require(person.id, "ai_insights");
    return person;
  };
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const person = await gate(c);
      const { tz } = readQuery(c, insightsQuery);
      return reply(
        c,
        insightsResponse,
        await getInsights({ db, ai: deps.ai, cache, now: deps.clock() }, person.id, timeZone(tz)),
      );
    })
    .post("/refresh", async (c) => {
      const person = await gate(c);
      const { tz } = await readJson(c, refreshBody);
      const insights = await getInsights(
        { db, ai: deps.ai, cache, now: deps.clock() },
        person.id,
        timeZone(tz),
        {
          refresh: true,
        },
      );
      return reply(c, insightsResponse, insights);
    })
    .post("/recommendations/:id/apply", async (c) => {
      const person = await gate(c);
      const id = idParam(c, "id", "Recommendation");
      const { tz } = await readJson(c, applyBody);
      const result = await applyRecommendation(
        { db, events: deps.events, entitlements: deps.entitlements },
        person.id,
        id,
        timeZone(tz),
        deps.clock(),
      );
      cache.drop(person.id);
      return reply(c, applyResponse, result);
    })
    .post("/burnout/acknowledge", async (c) => {
      const person = await gate(c);
      const { tz } = await readJson(c, acknowledgeBody);
      const stored = await acknowledgeBurnout(db, person.id, timeZone(tz), deps.clock());
      cache.drop(person.id);
      return reply(c, acknowledgeResponse, stored, 201);
    })
    .get("/schedule", async (c) => {
      const person = await gate(c);
      const { tz } = readQuery(c, scheduleQuery);
      return reply(c, scheduleResponse, await tasksDueThisWeek(db, person.id, timeZone(tz), deps.clock()));
    })
    .post("/schedule/:id/postpone", async (c) => {
      const person = await gate(c);
      const id = idParam(c, "id", "Task");
      const { days, tz } = await readJson(c, postponeBody);
      const result = await postponeTask(
        { db, events: deps.events, clock: deps.clock },
        person.id,
        id,
        days,
        timeZone(tz),
      );
      return reply(c, postponeResponse, result);
    });
}
