// Demo previews, recorded on the server so server-side checks honour them and they expire there.
import { and, count, desc, eq, gt } from "drizzle-orm";
import { DEMO_MINUTES, DEMO_PREVIEWS_PER_ACCOUNT, type DemoStatus } from "#shared/domain/demo.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { demoGrants } from "../../db/schema/billing.ts";

export async function demoStatus(db: Db, userId: string, now: Date): Promise<DemoStatus> {
  const [live] = await db
    .select()
    .from(demoGrants)
    .where(and(eq(demoGrants.userId, userId), gt(demoGrants.expiresAt, now)))
    .orderBy(desc(demoGrants.expiresAt))
    .limit(1);
  const [used] = await db.select({ n: count() }).from(demoGrants).where(eq(demoGrants.userId, userId));
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
  });
  return demoStatus(db, userId, now);
}
