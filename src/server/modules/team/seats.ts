// A team-plan subscription pays for a team (a Better Auth organization) whose owner is the buyer.
// Buying or changing the team plan keeps the team in step with the seats paid for.

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { member, organization, user } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * Makes sure the buyer owns a team linked to their subscription and returns its id. The seat limit
 * itself is the subscription's `seats`, read whenever someone is invited.
 */
export async function ensureTeam(tx: Tx | Db, userId: string): Promise<string> {
  const [sub] = await tx
    .select({ organizationId: subscriptions.organizationId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (sub?.organizationId) {
    const [owner] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, sub.organizationId), eq(member.userId, userId)))
      .limit(1);
    if (!owner) {
      await tx
        .insert(member)
        .values({ id: randomUUID(), organizationId: sub.organizationId, userId, role: "owner" });
    }
    return sub.organizationId;
  }
  const [buyer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
  const id = randomUUID();
  const first = (buyer?.name ?? "").trim().split(/\s+/)[0] || "My";
  await tx.insert(organization).values({ id, name: `${first}'s team`, slug: `team-${id.slice(0, 8)}` });
  await tx.insert(member).values({ id: randomUUID(), organizationId: id, userId, role: "owner" });
  await tx.update(subscriptions).set({ organizationId: id }).where(eq(subscriptions.userId, userId));
  return id;
}
