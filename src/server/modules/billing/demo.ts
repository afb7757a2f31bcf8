// Demo previews, recorded on the server so server-side checks honour them and they expire there. A
// person in no team gets a sample team with a sample project for the preview, removed once the
// preview has ended (decision 216).
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import {
  DEMO_MINUTES,
  DEMO_PREVIEWS_PER_ACCOUNT,
  DEMO_SAMPLE_TEAM,
  type DemoStatus,
} from "#shared/domain/demo.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { member, organization, user } from "../../db/schema/auth.ts";
import { demoGrants } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/transaction.ts";
import { writeSampleTeamProject } from "../projects/sample-project.ts";

export async function demoStatus(db: Db, userId: string, now: Date): Promise<DemoStatus> {
  const [live] = await db
    .select()
    .from(demoGrants)
    .where(and(eq(demoGrants.userId, userId), gt(demoGrants.expiresAt, now)))
    .orderBy(desc(demoGrants.expiresAt))
    .limit(1);
  const [used] = await db.select({ n: count() }).from(demoGrants).where(eq(demoGrants.userId, userId));
  // The preview is over: its sample team goes (with its project and tasks).
  if (!live && (used?.n ?? 0) > 0) await removeSampleTeams(db, userId);
  return {
    active: Boolean(live),
    plan: live ? "team" : null,
    expiresAt: live ? live.expiresAt.toISOString() : null,
    msLeft: live ? live.expiresAt.getTime() - now.getTime() : 0,
    previewsLeft: Math.max(0, DEMO_PREVIEWS_PER_ACCOUNT - (used?.n ?? 0)),
  };
}

/** Starts a 30-minute preview, or returns the one already running. */
export async function startDemo(db: Db, userId: string, now: Date): Promise<DemoStatus> {
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [live] = await tx
      .select({ id: demoGrants.id })
      .from(demoGrants)
      .where(and(eq(demoGrants.userId, userId), gt(demoGrants.expiresAt, now)))
      .limit(1);
    if (live) return;
    const [used] = await tx.select({ n: count() }).from(demoGrants).where(eq(demoGrants.userId, userId));
    if ((used?.n ?? 0) >= DEMO_PREVIEWS_PER_ACCOUNT) {
      throw new AppError(
        "CONFLICT",
        `You have used all ${DEMO_PREVIEWS_PER_ACCOUNT} demo previews. Upgrade to keep using Pro and Team features.`,
        { requiredPlan: "pro" },
      );
    }
    await tx.insert(demoGrants).values({
      userId,
      plan: "team",
      startedAt: now,
      expiresAt: new Date(now.getTime() + DEMO_MINUTES * 60_000),
    });
    await removeSampleTeams(tx, userId);
    const [inTeam] = await tx
      .select({ id: member.id })
      .from(member)
      .where(eq(member.userId, userId))
      .limit(1);
    if (!inTeam) await createSampleTeam(tx, userId, now);
  });
  return demoStatus(db, userId, now);
}

/** A team of the person's own, holding the sample project, for someone in no team. */
async function createSampleTeam(tx: Tx, userId: string, now: Date) {
  const teamId = randomUUID();
  await tx.insert(organization).values({
    id: teamId,
    name: DEMO_SAMPLE_TEAM.name,
    slug: `sample-${teamId.slice(0, 8)}`,
    metadata: DEMO_SAMPLE_TEAM.metadata,
    createdAt: now,
  });
  await tx
    .insert(member)
    .values({ id: randomUUID(), organizationId: teamId, userId, role: "owner", createdAt: now });
  await writeSampleTeamProject(tx, { teamId, ownerId: userId, now });
}

/** The person's sample teams, and so their projects and tasks (the foreign keys cascade). */
export async function removeSampleTeams(conn: Db | Tx, userId: string) {
  const owned = conn
    .select({ id: member.organizationId })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.role, "owner")));
  await conn
    .delete(organization)
    .where(and(eq(organization.metadata, DEMO_SAMPLE_TEAM.metadata), inArray(organization.id, owned)));
}
