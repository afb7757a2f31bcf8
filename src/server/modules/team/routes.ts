// /api/team: the Team plan's team. Reading it and managing members need the team_collaboration
// feature (the use cases ask the entitlements service); reading and accepting an invitation only
// need sign-in (accepting is what grants it).
import { Hono } from "hono";
import { roleChangesResponse, teamRoleBody } from "#shared/contracts/projects.ts";
import {
  invitationPreview,
  inviteMemberBody,
  teamAnalyticsQuery,
  teamAnalyticsResponse,
  teamResponse,
} from "#shared/contracts/team.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam, readQuery, timeZone } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  acceptInvitation,
  changeMemberRole,
  getTeam,
  inviteMember,
  listRoleChanges,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from "./team.ts";
import { teamAnalytics } from "./team-analytics.ts";

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
    .get("/analytics", async (c) => {
      const personId = requireUser(c).id;
      const q = readQuery(c, teamAnalyticsQuery);
      const range = Number(q.range) as 7 | 30 | 90;
      return reply(
        c,
        teamAnalyticsResponse,
        await teamAnalytics({ db, entitlements, personId, range, timeZone: timeZone(q.tz), clock }),
      );
    })
    .get("/role-changes", async (c) => {
      const personId = requireUser(c).id;
      return reply(c, roleChangesResponse, await listRoleChanges({ db, entitlements, personId, clock }));
    })
    .patch("/members/:memberId", async (c) => {
      const personId = requireUser(c).id;
      const memberId = idParam(c, "memberId", "Member");
      // A person without the feature hears so before anything about the body (403 before 400).
      await entitlements.require(personId, "team_collaboration");
      const { role } = await readJson(c, teamRoleBody);
      return reply(
        c,
        teamResponse,
        await changeMemberRole({ db, entitlements, personId, memberId, role, clock }),
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
