// /api/team: the Team plan's team. Reading it and managing members need the team_collaboration
// feature; reading and accepting an invitation only need sign-in (accepting is what grants it).
import { Hono } from "hono";
import { inviteMemberBody } from "#shared/contracts/team.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  acceptInvitation,
  getTeam,
  inviteMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from "./team.ts";

export function teamRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "mailer" | "logger" | "publicUrl" | "entitlements" | "events">,
) {
  const db = deps.database.db;
  const gate = async (c: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(c);
    await deps.entitlements.require(user.id, "team_collaboration");
    return { user };
  };
  const invitationId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "Invitation");

  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const { user } = await gate(c);
      return c.json(await getTeam(db, user.id, deps.clock()));
    })
    .post("/invitations", rateLimit(ROUTE_LIMITS.teamInvitation), async (c) => {
      const { user } = await gate(c);
      const { email } = await readJson(c, inviteMemberBody);
      const inviteDeps = { db, mailer: deps.mailer, logger: c.get("log"), publicUrl: deps.publicUrl };
      return c.json(await inviteMember(inviteDeps, user, email, deps.clock()), 201);
    })
    .get("/invitations/:id", async (c) => {
      const user = requireUser(c);
      return c.json(await previewInvitation(db, user, invitationId(c), deps.clock()));
    })
    .post("/invitations/:id/accept", async (c) => {
      const user = requireUser(c);
      return c.json(await acceptInvitation(db, user, invitationId(c), deps.clock(), deps.events));
    })
    .delete("/invitations/:id", async (c) => {
      const { user } = await gate(c);
      return c.json(await revokeInvitation(db, user.id, invitationId(c), deps.clock()));
    })
    .delete("/members/:memberId", async (c) => {
      const { user } = await gate(c);
      return c.json(
        await removeMember(db, user.id, idParam(c, "memberId", "Member"), deps.clock(), deps.events),
      );
    });
}
