// POST /api/assistant: the productivity assistant (spec: productivity-assistant function), asked for
// a break suggestion when a Pomodoro focus ends. Open to every signed-in person, as the Pomodoro is
// (docs/decisions/140-ai-budgets-and-quoted-data.md), and limited per person (ROUTE_LIMITS.assistant):
// with AI_MODEL set each call is a call to the operator's model, which reads the free-text
// previousActivity as quoted data only (providers/ai/openai-compatible.ts).
import { Hono } from "hono";
import { assistantBody, assistantResponse } from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";

export function assistantRoutes(deps: Pick<AppDeps, "ai">) {
  return new Hono<AppBindings>().post("/", rateLimit(ROUTE_LIMITS.assistant), async (c) => {
    requireUser(c);
    const body = await readJson(c, assistantBody);
    const suggestion = await deps.ai.suggestBreakActivity(body.data);
    return reply(c, assistantResponse, { suggestion });
  });
}
