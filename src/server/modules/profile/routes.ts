import { Hono } from "hono";
import { meDto, profileUpdateBody } from "#shared/contracts/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { getMe, updateProfile } from "./profile.ts";

export function profileRoutes(deps: Pick<AppDeps, "database">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/me", async (c) => reply(c, meDto, await getMe(db, requireUser(c).id)))
    .patch("/profile", async (c) => {
      const user = requireUser(c);
      const body = await readJson(c, profileUpdateBody);
      return reply(c, meDto, await updateProfile(db, user.id, body));
    });
}
