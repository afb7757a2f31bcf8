// GET, PUT and DELETE /api/tour: whether the person finished or skipped the guided tour, and Restart
// tour from the Help menu (DELETE clears both).
import { Hono } from "hono";
import { tourOutcomeBody, tourState } from "#shared/contracts/tour.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { getTourState, setTourState } from "./tour.ts";

export function tourRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/", async (c) => reply(c, tourState, await getTourState(db, requireUser(c).id)))
    .put("/", async (c) => {
      const person = requireUser(c);
      const { outcome } = await readJson(c, tourOutcomeBody);
      return reply(c, tourState, await setTourState(db, person.id, outcome, deps.clock()));
    })
    .delete("/", async (c) =>
      reply(c, tourState, await setTourState(db, requireUser(c).id, null, deps.clock())),
    );
}
