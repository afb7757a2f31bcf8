// The guided tour's state for one person (spec sections 2 and 4): completion and skip are each
// stored, on the server, so a second device does not replay a tour the person already saw; Restart
// tour clears both.
import { z } from "zod";

export const TOUR_OUTCOMES = ["completed", "skipped"] as const;
export type TourOutcome = (typeof TOUR_OUTCOMES)[number];

export const tourState = z.object({
  /** When the person pressed Finish on the last step (ISO time), or null. */
  completedAt: z.string().nullable(),
  /** When the person skipped the tour (Skip, Escape, closing it), or null. */
  skippedAt: z.string().nullable(),
});
export type TourState = z.infer<typeof tourState>;

/** PUT /api/tour: how the tour ended. */
export const tourOutcomeBody = z
  .object({
    outcome: z.enum(TOUR_OUTCOMES, { error: "outcome must be completed or skipped" }),
  })
  .strict();

export type TourOutcomeBody = z.infer<typeof tourOutcomeBody>;

/** The tour starts by itself only for a person who neither finished nor skipped it. */
export const tourIsDue = (state: TourState) => state.completedAt === null && state.skippedAt === null;

/** The stored record read defensively: anything that is not an ISO time counts as not set. */
export function resolveTourState(stored: { completedAt?: unknown; skippedAt?: unknown } | null | undefined) {
  const time = (v: unknown) => (typeof v === "string" && !Number.isNaN(Date.parse(v)) ? v : null);
  return { completedAt: time(stored?.completedAt), skippedAt: time(stored?.skippedAt) } satisfies TourState;
}
