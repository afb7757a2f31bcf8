// The entitlements service: the one object every route and use case asks about a person's plan.
// It reads the facts (own subscription, membership of a live team, a live demo preview) and leaves
// the decision to `decideEntitlements` (src/shared/domain/entitlements.ts). Injected as
// `deps.entitlements` by the composition root (kairo.ts).
import { and, desc, eq, gt } from "drizzle-orm";
import { decideEntitlements, type EntitlementDecision } from "#shared/domain/entitlements.ts";
import { FEATURES, type FeatureId } from "#shared/domain/features.ts";
import { type PlanStatus, planStatus } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { demoGrants } from "../../db/schema/billing.ts";
import { getSubscriptionRow, memberOfLiveTeam } from "../billing/subscription.ts";

const DAY_MS = 86_400_000;
const PLAN_NAMES = { pro: "Pro", team: "Team" } as const;

/** What one person may do right now. Limits are null when unlimited. */
export type PersonEntitlements = Omit<EntitlementDecision, "requiredPlan"> & {
  /** The plan as /api/subscription reports it (a team member's plan reads Team; a demo is not a plan). */
  plan: PlanStatus;
  /** The earliest moment of history shown (now − historyDays), or null for all of it. */
  historySince: Date | null;
  /** Throws 403 PLAN_REQUIRED (with `requiredPlan`) unless `feature` is open to them. */
  require(feature: FeatureId): void;
};

export type Entitlements = {
  /** Reads the person's plan, team membership and demo preview once and answers from them. */
  forPerson(personId: string): Promise<PersonEntitlements>;
  /** `forPerson(personId)` that throws 403 PLAN_REQUIRED unless the person may use `feature`. */
  require(personId: string, feature: FeatureId): Promise<PersonEntitlements>;
};

export function createEntitlements(deps: { db: Db; clock: () => Date }): Entitlements {
  const forPerson = async (personId: string): Promise<PersonEntitlements> => {
    const now = deps.clock();
    const [row, teamMember, demoExpiresAt] = await Promise.all([
      getSubscriptionRow(deps.db, personId),
      memberOfLiveTeam(deps.db, personId, now),
      liveDemoEnd(deps.db, personId, now),
    ]);
    const own = planStatus(row, now);
    const decision = decideEntitlements({ ownPlan: own.plan, teamMember, demoExpiresAt }, now);
    const plan: PlanStatus =
      teamMember && own.plan !== "team"
        ? { ...own, plan: "team", label: "Team", trialDaysLeft: null, trialExpired: false }
        : own;
    const { requiredPlan, ...answers } = decision;
    return {
      ...answers,
      plan,
      historySince:
        answers.historyDays === null ? null : new Date(now.getTime() - answers.historyDays * DAY_MS),
      require(feature) {
        if (decision.can(feature)) return;
        const wanted = requiredPlan(feature);
        const name = PLAN_NAMES[wanted];
        throw new AppError(
          "PLAN_REQUIRED",
          `${FEATURES[feature].name} is part of the ${name} plan. Upgrade to ${name} to use it.`,
          { requiredPlan: wanted },
        );
      },
    };
  };
  return {
    forPerson,
    async require(personId, feature) {
      const answers = await forPerson(personId);
      answers.require(feature);
      return answers;
    },
  };
}

async function liveDemoEnd(db: Db, personId: string, now: Date): Promise<Date | null> {
  const [live] = await db
    .select({ expiresAt: demoGrants.expiresAt })
    .from(demoGrants)
    .where(and(eq(demoGrants.userId, personId), gt(demoGrants.expiresAt, now)))
    .orderBy(desc(demoGrants.expiresAt))
    .limit(1);
  return live?.expiresAt ?? null;
}
