// Connected apps (issue 26): the grants a person gave, what each may do, its recent actions.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { organization } from "../../db/schema/auth.ts";
import { apiAudit, oauthApps, oauthGrants } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import { describeScopes } from "./oauth-server.ts";

const RECENT = 5;

export async function listConnectedApps(o: { db: Db; personId: string }) {
  const grants = await o.db
    .select({ grant: oauthGrants, appName: oauthApps.name, owner: organization.name })
    .from(oauthGrants)
    .innerJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
    // A client that registered itself has no team (decision 294).
    .leftJoin(organization, eq(organization.id, oauthApps.organizationId))
    .where(and(eq(oauthGrants.userId, o.personId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt))
    .limit(50);
  const ids = grants.map((g) => g.grant.id);
  const actions =
    ids.length === 0
      ? []
      : await o.db
          .select()
          .from(apiAudit)
          .where(and(eq(apiAudit.userId, o.personId), inArray(apiAudit.grantId, ids)))
          .orderBy(desc(apiAudit.createdAt))
          .limit(ids.length * RECENT);
  return {
    apps: grants.map(({ grant, appName, owner }) => ({
      id: grant.id,
      appName,
      owner,
      scopes: describeScopes(grant.scopes),
      grantedAt: grant.createdAt.toISOString(),
      recentActions: actions
        .filter((a) => a.grantId === grant.id)
        .slice(0, RECENT)
        .map((a) => ({ method: a.method, path: a.path, status: a.status, at: a.createdAt.toISOString() })),
    })),
  };
}

export async function revokeConnectedApp(o: { db: Db; clock: Clock; personId: string; grantId: string }) {
  const done = await o.db
    .update(oauthGrants)
    .set({ revokedAt: o.clock() })
    .where(
      and(eq(oauthGrants.id, o.grantId), eq(oauthGrants.userId, o.personId), isNull(oauthGrants.revokedAt)),
    )
    .returning({ id: oauthGrants.id });
  if (done.length === 0) throw new AppError("NOT_FOUND", "Connected app not found.");
}
