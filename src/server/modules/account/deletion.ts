// Deleting an account (spec, Legal: 90-day retention after deletion). The request closes the account
// at once: it is barred from signing in (Better Auth's admin `banned`) and every session is revoked.
// The rows stay for the retention period, then the scheduled `account-purge` job deletes the user,
// and the foreign keys' cascades remove everything they own.
import { eq, lte } from "drizzle-orm";
import { DATA_RETENTION_DAYS } from "#shared/domain/limits.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions, clientErrorReports } from "../../db/schema/admin.ts";
import { user } from "../../db/schema/auth.ts";

export const DELETED_ACCOUNT_BAN_REASON = "Account deleted";
const DAY_MS = 86_400_000;

/** What deletion needs from the auth system (Better Auth in production, see account-auth.ts). */
export type AccountAuth = {
  verifyPassword(userId: string, password: string): Promise<boolean>;
  revokeAllSessions(userId: string): Promise<void>;
};

export function purgeAfter(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + DATA_RETENTION_DAYS * DAY_MS);
}

/**
 * Closes the person's account after checking their password. A wrong password changes nothing.
 * Returns when the data will be purged.
 */
export async function requestAccountDeletion(
  deps: { db: Db; auth: AccountAuth; now: Date },
  person: { id: string; email: string },
  password: string,
): Promise<{ purgeAfter: Date }> {
  if (!(await deps.auth.verifyPassword(person.id, password))) {
    throw new AppError("VALIDATION", "The password is not correct.", {
      fields: { password: "The password is not correct." },
    });
  }
  const when = purgeAfter(deps.now);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(accountDeletions)
      .values({ userId: person.id, email: person.email, requestedAt: deps.now, purgeAfter: when })
      .onConflictDoNothing();
    await tx
      .update(user)
      .set({ banned: true, banReason: DELETED_ACCOUNT_BAN_REASON, banExpires: null, updatedAt: deps.now })
      .where(eq(user.id, person.id));
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
      await tx.delete(user).where(eq(user.id, userId));
    });
    purged.push(userId);
  }
  return { purged };
}
