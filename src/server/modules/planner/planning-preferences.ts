// Settings → Planning: the person's working hours, focus hours, block lengths, buffer, lunch and
// daily cap, kept in planner_state.preferences. Until they save, the defaults (Monday to Friday
// 9:00-17:00 in their zone) apply. The answer also carries what the Patterns tab and the burnout
// strain say: focus hours suggested from the peak hours, and the daily cap a high strain lowers.
import { eq } from "drizzle-orm";
import {
  type PlanningPreferences,
  type PlanningPreferencesResponse,
  planningPreferences,
} from "#shared/contracts/planner.ts";
import type { BurnoutLevel } from "#shared/domain/burnout.ts";
import {
  CAP_FACTOR_BY_STRAIN,
  DEFAULT_WORKING_PREFERENCES,
  PLANNER_LIMITS,
} from "#shared/domain/planner/defaults.ts";
import { describeReason } from "#shared/domain/planner/reason-wording.ts";
import type { WorkingPreferences } from "#shared/domain/planner/types.ts";
import { validatePreferences } from "#shared/domain/planner/validate-input.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { plannerState } from "../../db/schema/planner.ts";
import { computeInsights } from "../ai-insights/compute.ts";
import { readInsightsData } from "../ai-insights/insights-data.ts";

export type Strain = { level: BurnoutLevel; score: number };

const pad = (h: number) => `${String(h).padStart(2, "0")}:00`;

export function defaultPlanningPreferences(timeZone: string): PlanningPreferences {
  return { timeZone, ...structuredClone(DEFAULT_WORKING_PREFERENCES) } as PlanningPreferences;
}

/** The shared planner reads weekdays as numbers; JSON keys are the same digits as text. */
export const asWorking = (p: PlanningPreferences): WorkingPreferences => p as unknown as WorkingPreferences;

/** Saved preferences, or the defaults in `zoneHint` (the browser's zone) when none are saved. */
export async function storedPlanning(
  db: Db,
  userId: string,
  zoneHint: string,
): Promise<{ preferences: PlanningPreferences; saved: boolean }> {
  const [row] = await db
    .select({ preferences: plannerState.preferences })
    .from(plannerState)
    .where(eq(plannerState.userId, userId));
  const parsed = row?.preferences ? planningPreferences.safeParse(row.preferences) : null;
  if (parsed?.success) return { preferences: parsed.data, saved: true };
  return { preferences: defaultPlanningPreferences(zoneHint), saved: false };
}

/** The burnout strain (AI insights' assessment) and the Patterns tab's peak hours, in `zone`. */
export async function strainAndPeak(
  db: Db,
  userId: string,
  zone: string,
  now: Date,
): Promise<{ strain: Strain; peak: { start: number; end: number } | null }> {
  const computed = computeInsights(await readInsightsData(db, userId, zone, now));
  return {
    strain: { level: computed.burnout.level, score: computed.burnout.score },
    peak: computed.peak,
  };
}

export function effectiveCap(prefs: PlanningPreferences, strain: Strain | null) {
  const factor = strain ? CAP_FACTOR_BY_STRAIN[strain.level] : 1;
  const grid = PLANNER_LIMITS.gridMinutes;
  const to = Math.floor((prefs.dailyCapMinutes * factor) / grid) * grid;
  const note =
    factor < 1 && strain
      ? describeReason(
          {
            code: "capLowered",
            params: { from: prefs.dailyCapMinutes, to, level: strain.level, score: strain.score },
          },
          { zone: prefs.timeZone, title: (id) => id },
        )
      : null;
  return { minutes: to, note };
}

export async function readPlanning(
  db: Db,
  userId: string,
  zoneHint: string,
  now: Date,
): Promise<PlanningPreferencesResponse> {
  const { preferences, saved } = await storedPlanning(db, userId, zoneHint);
  const { strain, peak } = await strainAndPeak(db, userId, preferences.timeZone, now);
  const cap = effectiveCap(preferences, strain);
  return {
    preferences,
    saved,
    suggestedFocusHours: peak
      ? { start: pad(peak.start), end: peak.end >= 24 ? "24:00" : pad(peak.end) }
      : null,
    strain,
    effectiveDailyCapMinutes: cap.minutes,
    capNote: cap.note,
  };
}

/** Saves the whole set after the planner's own checks (overlaps, no working hours, block lengths). */
export async function savePlanning(
  db: Db,
  userId: string,
  prefs: PlanningPreferences,
  now: Date,
): Promise<PlanningPreferencesResponse> {
  const refusal = validatePreferences(asWorking(prefs));
  if (refusal)
    throw new AppError("VALIDATION", refusal.message, { fields: { preferences: refusal.message } });
  await db
    .insert(plannerState)
    .values({ userId, preferences: prefs, updatedAt: now })
    .onConflictDoUpdate({ target: plannerState.userId, set: { preferences: prefs, updatedAt: now } });
  return readPlanning(db, userId, prefs.timeZone, now);
}
