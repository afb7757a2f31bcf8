// The Team Workspace's facts from the database: which team's room a person may be in, and the team's
// activity feed (written by real events and by the test broadcast, read as the last 10).
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { ActivityAction, ActivityEventDto } from "#shared/contracts/team-workspace.ts";
import { RECENT_ACTIVITY_LIMIT } from "#shared/domain/presence.ts";
import { planStatus } from "#shared/domain/subscription.ts";
import type { Db } from "../../db/client.ts";
import { member, session, user } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { teamActivity } from "../../db/schema/team.ts";
import type { Clock } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";

/**
 * The team whose workspace the person may join: one they belong to whose owner's Team plan is live
 * (team_collaboration comes with it), their own team first. Null when there is none: a demo preview
 * opens the page, but there is no team to be present in.
 */
export async function liveTeamOf(db: Db, userId: string, now: Date): Promise<string | null> {
  const rows = await db
    .select({ teamId: member.organizationId, sub: subscriptions })
    .from(member)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, member.organizationId))
    .where(eq(member.userId, userId));
  const live = rows.filter((r) => planStatus(r.sub, now).plan === "team");
  return (live.find((r) => r.sub.userId === userId) ?? live[0])?.teamId ?? null;
}

/** The people of a team, while its Team plan is live; empty once it has ended. */
export async function liveTeamMembers(db: Db, teamId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ userId: member.userId, sub: subscriptions })
    .from(member)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, member.organizationId))
    .where(eq(member.organizationId, teamId));
  return new Set(rows.filter((r) => planStatus(r.sub, now).plan === "team").map((r) => r.userId));
}

/**
 * Whose team access follows this person's plan: the person, and the members of a team they pay for.
 */
export async function peopleOnPlanOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: member.userId })
    .from(subscriptions)
    .innerJoin(member, eq(member.organizationId, subscriptions.organizationId))
    .where(eq(subscriptions.userId, userId));
  return [...new Set([userId, ...rows.map((r) => r.userId)])];
}

/** The sessions among `ids` that are still live: not signed out or revoked, not expired, not banned. */
export async function stillLiveSessions(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: session.id, banned: user.banned, banExpires: user.banExpires })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(inArray(session.id, ids), gt(session.expiresAt, now)));
  return new Set(
    rows
      .filter((r) => !(r.banned === true && (r.banExpires === null || r.banExpires > now)))
      .map((r) => r.id),
  );
}

const toDto = (r: typeof teamActivity.$inferSelect): ActivityEventDto => ({
  id: r.id,
  userId: r.userId,
  userEmail: r.userEmail,
  action: r.action,
  target: r.target,
  timestamp: r.createdAt.toISOString(),
});

export type NewActivity = {
  teamId: string;
  userId: string;
  userEmail: string;
  action: ActivityAction;
  target?: string | null;
};

export async function recordActivity(db: Db, a: NewActivity, now: Date): Promise<ActivityEventDto> {
  const [row] = await db
    .insert(teamActivity)
    .values({ ...a, target: a.target?.slice(0, 120) ?? null, createdAt: now })
    .returning();
  return toDto(row!);
}

/** The team's last 10 events, newest first. */
export async function recentActivity(db: Db, teamId: string): Promise<ActivityEventDto[]> {
  const rows = await db
    .select()
    .from(teamActivity)
    .where(eq(teamActivity.teamId, teamId))
    .orderBy(desc(teamActivity.createdAt), desc(teamActivity.id))
    .limit(RECENT_ACTIVITY_LIMIT);
  return rows.map(toDto);
}

/**
 * GET /api/team/activity: the Team plan's feature (403 with the upgrade offer otherwise); the last
 * entries of the person's live team, none without one.
 */
export async function teamActivityFor(o: {
  db: Db;
  entitlements: Pick<Entitlements, "require">;
  clock: Clock;
  personId: string;
}): Promise<ActivityEventDto[]> {
  await o.entitlements.require(o.personId, "team_collaboration");
  const teamId = await liveTeamOf(o.db, o.personId, o.clock());
  return teamId ? recentActivity(o.db, teamId) : [];
}
