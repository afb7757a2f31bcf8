// POST /api/voice/commands (Pro: voice_commands). The plan is checked here, so a free person's
// confirmed command changes nothing even if the browser's lock were bypassed.
import { Hono } from "hono";
import { voiceCommandBody, voiceCommandResponse } from "#shared/contracts/voice.ts";
import type { AppDeps } from "../../deps.ts";
import { clientTabId } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { runVoiceCommand } from "./voice.ts";

export function voiceRoutes(deps: Pick<AppDeps, "database" | "clock" | "events" | "entitlements">) {
  return new Hono<AppBindings>().post("/commands", async (c) => {
    const personId = requireUser(c).id;
    await deps.entitlements.require(personId, "voice_commands");
    const body = await readJson(c, voiceCommandBody);
    const result = await runVoiceCommand({
      db: deps.database.db,
      events: deps.events,
      clock: deps.clock,
      personId,
      origin: clientTabId(c),
      body,
      entitlements: deps.entitlements,
    });
    return reply(c, voiceCommandResponse, result, result.action === "add_task" ? 201 : 200);
  });
}
