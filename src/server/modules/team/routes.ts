// /api/team: the Team plan's team. Reading it and managing members need the team_collaboration
// feature (the use cases ask the entitlements service); reading and accepting an invitation only
// need sign-in (accepting is what grants it).
import { Hono } from "hono";
import { invitationPreview, inviteMemberBody, teamResponse } from "#shared/contracts/team.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
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
  const { clock, entitlements, events, mailer, publicUrl } = deps;
  const invitationId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "Invitation");

  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const personId = requireUser(c).id;
      return reply(c, teamResponse, await getTeam({ db, entitlements, personId, clock }));
    })
    .post("/invitations", rateLimit(ROUTE_LIMITS.teamInvitation), async (c) => {
      const owner = requireUser(c);
      // A person without the feature hears so before anything about the body (403 before 400).
      await entitlements.require(owner.id, "team_collaboration");
      const { email } = await readJson(c, inviteMemberBody);
      const logger = c.get("log");
      return reply(
        c,
        teamResponse,
        await inviteMember({ db, mailer, logger, publicUrl, entitlements, owner, email, clock }),
        201,
      );
    })
    .get("/invitations/:id", async (c) => {
      const person = requireUser(c);
      return reply(
        c,
        invitationPreview,
        await previewInvitation({ db, person, invitationId: invitationId(c), clock }),
      );
    })
    .post("/invitations/:id/accept", async (c) => {
      const person = requireUser(c);
      return reply(
        c,
        teamResponse,
        await acceptInvitation({ db, events, person, invitationId: invitationId(c), clock }),
      );
    })
    .delete("/invitations/:id", async (c) => {
      const personId = requireUser(c).id;
      return reply(
        c,
        teamResponse,
        await revokeInvitation({ db, entitlements, personId, invitationId: invitationId(c), clock }),
      );
    })
    .delete("/members/:memberId", async (c) => {
      const personId = requireUser(c).id;
      const memberId = idParam(c, "memberId", "Member");
      return reply(
        c,
        teamResponse,
        await removeMember({ db, events, entitlements, personId, memberId, clock }),
      );
    });
}
