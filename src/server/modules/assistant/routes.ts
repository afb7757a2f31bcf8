import { Hono } from "hono";
import { assistantBody, assistantResponse } from "#shared/contracts/tasks.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";

/** POST /api/assistant: the productivity assistant (spec: productivity-assistant function). */
export function assistantRoutes(deps: Pick<AppDeps, "ai">) {
  return new Hono<AppBindings>().post("/", async (c) => {
    requireUser(c);
    const body = await readJson(c, assistantBody);
    const suggestion = await deps.ai.suggestBreakActivity(body.data);
    return reply(c, assistantResponse, { suggestion });
  });
}
