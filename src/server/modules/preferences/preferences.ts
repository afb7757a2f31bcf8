// The person's notification and privacy switches, kept in user.preferences (jsonb) beside job_title
// and company, which a change here leaves as they are.
import { eq } from "drizzle-orm";
import {
  applyPreferencesPatch,
  type Preferences,
  type PreferencesPatch,
  resolvePreferences,
} from "#shared/contracts/preferences.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { type UserPreferences, user } from "../../db/schema/auth.ts";

export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db.select({ preferences: user.preferences }).from(user).where(eq(user.id, userId));
  if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return resolvePreferences(row.preferences);
}

export async function updatePreferences(
  db: Db,
  userId: string,
  patch: PreferencesPatch,
  now: Date,
): Promise<Preferences> {
  return changeStoredPreferences(db, userId, now, (stored) => {
    const next = applyPreferencesPatch(resolvePreferences(stored), patch);
    return { stored: { ...stored, ...next }, result: next };
  });
}

/**
 * Reads the person's stored preferences under a row lock, writes what `change` makes of them and
 * answers its `result`. Every part of the jsonb (job title, switches, tour) goes through here or the
 * profile update, so no change overwrites another's keys.
 */
export async function changeStoredPreferences<R>(
  db: Db,
  userId: string,
  now: Date,
  change: (stored: UserPreferences) => { stored: UserPreferences; result: R },
): Promise<R> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ preferences: user.preferences })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
    const { stored, result } = change(row.preferences);
    await tx.update(user).set({ preferences: stored, updatedAt: now }).where(eq(user.id, userId));
    return result;
  });
}
