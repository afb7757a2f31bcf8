// The entitlements service: the one object every route and use case asks about a person's plan.
// It reads the facts (own subscription, membership of a live team, a live demo preview) and leaves
// the decision to `decideEntitlements` (src/shared/domain/entitlements.ts). Injected as
// `deps.entitlements` by the composition root (kairo.ts).
import { and, eq, gt, max, ne, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { decideEntitlements, type EntitlementDecision } from "#shared/domain/entitlements.ts";
import { FEATURES, type FeatureId } from "#shared/domain/features.ts";
import { type PlanStatus, planStatus, type SubscriptionFacts } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { preparedPer } from "../../db/prepared.ts";
import { member } from "../../db/schema/auth.ts";
import { demoGrants, subscriptions } from "../../db/schema/billing.ts";

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
    const { row, teamMember, demoExpiresAt } = await readFacts(deps.db, personId, now);
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

/**
 * The three facts in one prepared statement (decision 120): the person's own subscription, the
 * subscriptions of the teams they belong to (whether one is live is `planStatus`'s call, as for their
 * own), and the end of their latest live demo preview, as rows tagged by `kind`.
 */
const factsStatement = preparedPer((db) => {
  const person = sql.placeholder("personId");
  const planFacts = {
    planId: subscriptions.planId,
    status: subscriptions.status,
    trialEndsAt: subscriptions.trialEndsAt,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
    cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  };
  const own = db
    .select({ kind: sql<FactKind>`'own'`, ...planFacts })
    .from(subscriptions)
    .where(eq(subscriptions.userId, person));
  const teams = db
    .select({ kind: sql<FactKind>`'team'`, ...planFacts })
    .from(member)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, member.organizationId))
    .where(and(eq(member.userId, person), ne(subscriptions.userId, person)));
  // The preview's end travels in the period-end column (decoded as an instant like the others).
  const demo = db
    .select({
      kind: sql<FactKind>`'demo'`,
      planId: sql<string | null>`null`,
      status: sql<string>`''`,
      trialEndsAt: sql<Date | null>`null`,
      currentPeriodEnd: max(demoGrants.expiresAt),
      cancelAtPeriodEnd: sql<boolean>`false`,
    })
    .from(demoGrants)
    .where(and(eq(demoGrants.userId, person), gt(demoGrants.expiresAt, sql.placeholder("now"))));
  return unionAll(own, teams, demo).prepare("kairo_entitlement_facts");
});

type FactKind = "own" | "team" | "demo";

async function readFacts(db: Db, personId: string, now: Date) {
  const rows = await factsStatement(db).execute({ personId, now });
  let row: SubscriptionFacts | null = null;
  let teamMember = false;
  let demoExpiresAt: Date | null = null;
  for (const { kind, ...facts } of rows) {
    if (kind === "own") row = facts;
    else if (kind === "team") teamMember ||= planStatus(facts, now).plan === "team";
    else demoExpiresAt = facts.currentPeriodEnd;
  }
  return { row, teamMember, demoExpiresAt };
}
