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
import { user } from "../../db/schema/auth.ts";

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
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ preferences: user.preferences })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
    const next = applyPreferencesPatch(resolvePreferences(row.preferences), patch);
    await tx
      .update(user)
      .set({ preferences: { ...row.preferences, ...next }, updatedAt: now })
      .where(eq(user.id, userId));
    return next;
  });
}
