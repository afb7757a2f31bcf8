// The guided tour's completion and skip, kept per person in user.preferences (jsonb) under `tour`,
// beside the job title and the notification switches, which a change here leaves as they are.
import { eq } from "drizzle-orm";
import { resolveTourState, type TourOutcome, type TourState } from "#shared/contracts/tour.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { changeStoredPreferences } from "../preferences/preferences.ts";

export async function getTourState(db: Db, userId: string): Promise<TourState> {
  const [row] = await db.select({ preferences: user.preferences }).from(user).where(eq(user.id, userId));
  if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return resolveTourState(row.preferences.tour);
}

/** Records how the tour ended (`outcome`), or with `null` clears both for Restart tour. */
export async function setTourState(
  db: Db,
  userId: string,
  outcome: TourOutcome | null,
  now: Date,
): Promise<TourState> {
  return changeStoredPreferences(db, userId, now, (stored) => {
    const current = resolveTourState(stored.tour);
    const next: TourState =
      outcome === null
        ? { completedAt: null, skippedAt: null }
        : outcome === "completed"
          ? { ...current, completedAt: now.toISOString() }
          : { ...current, skippedAt: now.toISOString() };
    return { stored: { ...stored, tour: next }, result: next };
  });
}
