// GET and PATCH /api/preferences: the Notifications and Privacy switches of the settings page.
import { Hono } from "hono";
import { preferencesDto, preferencesPatchBody } from "#shared/contracts/preferences.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { getPreferences, updatePreferences } from "./preferences.ts";

export function preferencesRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/", async (c) => reply(c, preferencesDto, await getPreferences(db, requireUser(c).id)))
    .patch("/", async (c) => {
      const person = requireUser(c);
      const patch = await readJson(c, preferencesPatchBody);
      return reply(c, preferencesDto, await updatePreferences(db, person.id, patch, deps.clock()));
    });
}
