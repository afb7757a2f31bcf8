// Deleting an account (spec, Legal: 90-day retention after deletion). The request closes the account
// at once: a paying subscription is cancelled with its payment provider (nobody is billed through the
// retention period), the account is barred from signing in (Better Auth's admin `banned`) and every
// session is revoked. The rows stay for the retention period, then the scheduled `account-purge` job
// deletes the user, and the foreign keys' cascades remove everything they own.

import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { DATA_RETENTION_DAYS } from "#shared/domain/limits.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions, clientErrorReports } from "../../db/schema/admin.ts";
import { user } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/transaction.ts";
import type { PaymentProvider } from "../../providers/payments/payment-provider.ts";
import { lockActiveSuperAdmins } from "../admin/users.ts";
import { removeSampleTeams } from "../billing/demo.ts";
import { endProviderSubscription } from "../billing/service.ts";
import { releaseTeamWork } from "../projects/projects.ts";

export const DELETED_ACCOUNT_BAN_REASON = "Account deleted";
const DAY_MS = 86_400_000;

/** What the account module needs from the auth system (Better Auth in production, see account-auth.ts). */
export type AccountAuth = {
  verifyPassword(userId: string, password: string): Promise<boolean>;
  revokeAllSessions(userId: string): Promise<void>;
  /** Ends one session, named by its token. */
  revokeSession(token: string): Promise<void>;
};

export const DELETION_MESSAGES = {
  wrongPassword: "The password is not correct.",
  lastSuperAdmin:
    "You are Kairo's last super admin. Make someone else super admin before deleting your account.",
  providerMismatch:
    "Your subscription is billed by a payment provider this server is not set up for, so it cannot be cancelled now. Please contact support.",
} as const;

/** Reason recorded with the payment provider. */
export const DELETION_CANCEL_REASON = "Kairo account deleted";

/** Refuses when the person is the last super admin who can still sign in: nobody could run Kairo. */
async function keepOneSuperAdmin(conn: Db | Tx, personId: string) {
  const [row] = await conn.select({ role: user.role }).from(user).where(eq(user.id, personId));
  if (row?.role !== "super_admin") return;
  const others = (await lockActiveSuperAdmins(conn)).filter((id) => id !== personId);
  if (others.length === 0) throw new AppError("CONFLICT", DELETION_MESSAGES.lastSuperAdmin);
}

/** The person's subscription the provider still bills, if any. */
async function billedSubscription(db: Db, personId: string) {
  const [row] = await db
    .select({
      provider: subscriptions.provider,
      subscriptionId: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, personId),
        inArray(subscriptions.status, ["active", "past_due"]),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    )
    .limit(1);
  return row?.subscriptionId ? { provider: row.provider, subscriptionId: row.subscriptionId } : null;
}

export function purgeAfter(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + DATA_RETENTION_DAYS * DAY_MS);
}

/**
 * Closes the person's account after checking their password. A wrong password, the last super
 * admin, or a payment provider that cannot cancel the subscription changes nothing. Returns when
 * the data will be purged.
 */
export async function requestAccountDeletion(
  deps: { db: Db; auth: AccountAuth; payments: PaymentProvider; now: Date },
  person: { id: string; email: string },
  password: string,
): Promise<{ purgeAfter: Date }> {
  if (!(await deps.auth.verifyPassword(person.id, password))) {
    throw new AppError("VALIDATION", DELETION_MESSAGES.wrongPassword, {
      fields: { password: DELETION_MESSAGES.wrongPassword },
    });
  }
  // Checked before the provider is asked, so a refusal cancels nothing; checked again under lock below.
  await keepOneSuperAdmin(deps.db, person.id);
  // Outside the transaction: a provider call can take seconds, and no row lock should wait on it.
  // If what follows fails, the cancelled subscription's webhook still ends the row.
  const billed = await billedSubscription(deps.db, person.id);
  if (billed) {
    if (billed.provider === deps.payments.name) {
      await deps.payments.cancelSubscription({
        subscriptionId: billed.subscriptionId,
        reason: DELETION_CANCEL_REASON,
      });
    } else if (billed.provider !== "local") {
      // Only the local test checkout bills nobody; any other provider must be told.
      throw new AppError("UNAVAILABLE", DELETION_MESSAGES.providerMismatch);
    }
  }
  const when = purgeAfter(deps.now);
  await deps.db.transaction(async (tx) => {
    await keepOneSuperAdmin(tx, person.id);
    if (billed) await endProviderSubscription(tx, billed.subscriptionId, deps.now);
    await tx
      .insert(accountDeletions)
      .values({ userId: person.id, email: person.email, requestedAt: deps.now, purgeAfter: when })
      .onConflictDoNothing();
    await tx
      .update(user)
      .set({ banned: true, banReason: DELETED_ACCOUNT_BAN_REASON, banExpires: null, updatedAt: deps.now })
      .where(eq(user.id, person.id));
    // A demo preview's sample team (decision 216) is no data of theirs to keep.
    await removeSampleTeams(tx, person.id);
  });
  // After the commit: the ban already refuses new sessions, this ends the open ones.
  await deps.auth.revokeAllSessions(person.id);
  return { purgeAfter: when };
}

/**
 * Deletes every account whose retention period is over, one at a time (each in its own
 * transaction, so one failure does not hold the others back). Idempotent: safe to run twice.
 */
export async function purgeDueAccounts(db: Db, now: Date): Promise<{ purged: string[] }> {
  const due = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(lte(accountDeletions.purgeAfter, now));
  const purged: string[] = [];
  for (const { userId } of due) {
    await db.transaction(async (tx) => {
      // Error reports outlive an account by design (user_id is set null); the person's own go now.
      await tx.delete(clientErrorReports).where(eq(clientErrorReports.userId, userId));
      // The tasks they created in team projects stay with the team ("Deleted user" as creator).
      await removeSampleTeams(tx, userId);
      await releaseTeamWork(tx, userId, null, now);
      await tx.delete(user).where(eq(user.id, userId));
    });
    purged.push(userId);
  }
  return { purged };
}
