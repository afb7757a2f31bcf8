// Which plan a person is on right now, from their subscription row (spec sections 3, 4 and 6):
// a paid plan while it is active, the trial while trial_ends_at is in the future, otherwise free.
import { TRIAL_DAYS } from "./limits.ts";

export type EffectivePlan = "free" | "trial" | "pro" | "team";

export type SubscriptionFacts = {
  planId: string | null;
  status: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  /** Cancelled by the person: the plan ends when the paid period does. */
  cancelAtPeriodEnd?: boolean;
};

export type PlanStatus = {
  plan: EffectivePlan;
  label: "Free" | "Trial" | "Pro" | "Team";
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  trialExpired: boolean;
};

const DAY_MS = 86_400_000;
const LABELS = { free: "Free", trial: "Trial", pro: "Pro", team: "Team" } as const;

export function trialEndFor(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

export function planStatus(sub: SubscriptionFacts | null, now: Date): PlanStatus {
  const paid = sub && (sub.planId === "pro" || sub.planId === "team") ? sub.planId : null;
  const periodOver = sub?.currentPeriodEnd != null && sub.currentPeriodEnd <= now;
  const paidActive =
    paid !== null &&
    (((sub!.status === "active" || sub!.status === "past_due") && !(sub!.cancelAtPeriodEnd && periodOver)) ||
      (sub!.status === "canceled" && sub!.currentPeriodEnd !== null && !periodOver));
  const trialEnds = sub?.trialEndsAt ?? null;
  const inTrial = trialEnds !== null && trialEnds > now;
  const plan: EffectivePlan = paidActive ? paid! : inTrial ? "trial" : "free";
  return {
    plan,
    label: LABELS[plan],
    trialEndsAt: trialEnds ? trialEnds.toISOString() : null,
    trialDaysLeft: plan === "trial" ? Math.ceil((trialEnds!.getTime() - now.getTime()) / DAY_MS) : null,
    trialExpired: plan === "free" && trialEnds !== null && trialEnds <= now,
  };
}

/** The spec's trial wording, "Trial: N days left", wherever a live trial is shown. */
export function trialDaysLeftText(daysLeft: number): string {
  return `Trial: ${daysLeft} ${daysLeft === 1 ? "day" : "days"} left`;
}
