// OAuth apps a team registers (issue 26): its owners and admins, on the Team plan, up to
// MAX_APPS_PER_TEAM. The client secret is returned once and stored hashed.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { CreateAppBody } from "#shared/contracts/platform.ts";
import { MAX_APPS_PER_TEAM } from "#shared/domain/api-scopes.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { member, organization } from "../../db/schema/auth.ts";
import { oauthApps } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { hashSecret, newSecret, PREFIX } from "./secrets.ts";

const MANAGERS = ["owner", "admin"];

export const NOT_A_MANAGER = "Only a team's owners and admins on the Team plan can register apps.";
export const TOO_MANY_APPS = `Your team has ${MAX_APPS_PER_TEAM} apps, the most the Team plan allows. Delete one to add another.`;

/** The team whose apps this person may manage, or null. */
async function managedTeam(db: Db, entitlements: Pick<Entitlements, "forPerson">, personId: string) {
  const [row] = await db
    .select({ id: organization.id, name: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.userId, personId), inArray(member.role, MANAGERS)))
    .limit(1);
  if (!row) return null;
  const answers = await entitlements.forPerson(personId);
  return answers.can("team_collaboration") && answers.plan.plan === "team" ? row : null;
}

const toDto = (a: typeof oauthApps.$inferSelect) => ({
  id: a.id,
  name: a.name,
  clientId: a.clientId,
  redirectUris: a.redirectUris,
  scopes: a.scopes,
  createdAt: a.createdAt.toISOString(),
});

export async function listApps(o: {
  db: Db;
  entitlements: Pick<Entitlements, "forPerson">;
  personId: string;
}) {
  const team = await managedTeam(o.db, o.entitlements, o.personId);
  if (!team) return { canManage: false, teamName: null, limit: MAX_APPS_PER_TEAM, apps: [] };
  const rows = await o.db
    .select()
    .from(oauthApps)
    .where(eq(oauthApps.organizationId, team.id))
    .orderBy(desc(oauthApps.createdAt));
  return { canManage: true, teamName: team.name, limit: MAX_APPS_PER_TEAM, apps: rows.map(toDto) };
}

export async function createApp(o: {
  db: Db;
  clock: Clock;
  entitlements: Pick<Entitlements, "forPerson">;
  personId: string;
  body: CreateAppBody & { scopes: string[] };
}) {
  const team = await managedTeam(o.db, o.entitlements, o.personId);
  if (!team) throw new AppError("FORBIDDEN", NOT_A_MANAGER);
  const secret = newSecret(PREFIX.clientSecret);
  const app = await o.db.transaction(async (tx) => {
    // The team row, locked: two registrations at once cannot both take the last place.
    await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, team.id))
      .for("update");
    const [n] = await tx.select({ n: count() }).from(oauthApps).where(eq(oauthApps.organizationId, team.id));
    if ((n?.n ?? 0) >= MAX_APPS_PER_TEAM) throw new AppError("CONFLICT", TOO_MANY_APPS);
    const [row] = await tx
      .insert(oauthApps)
      .values({
        organizationId: team.id,
        createdBy: o.personId,
        name: o.body.name,
        clientId: newSecret(PREFIX.clientId, 16),
        clientSecretHash: hashSecret(secret),
        redirectUris: [...new Set(o.body.redirectUris)],
        scopes: o.body.scopes,
        createdAt: o.clock(),
      })
      .returning();
    return row!;
  });
  return { app: toDto(app), clientSecret: secret };
}

export async function deleteApp(o: {
  db: Db;
  entitlements: Pick<Entitlements, "forPerson">;
  personId: string;
  appId: string;
}) {
  const team = await managedTeam(o.db, o.entitlements, o.personId);
  if (!team) throw new AppError("NOT_FOUND", "App not found.");
  const gone = await o.db
    .delete(oauthApps)
    .where(and(eq(oauthApps.id, o.appId), eq(oauthApps.organizationId, team.id)))
    .returning({ id: oauthApps.id });
  if (gone.length === 0) throw new AppError("NOT_FOUND", "App not found.");
}
