// The entitlements service: the one object every route and use case asks about a person's plan.
// It reads the facts (own subscription, membership of a live team, a live demo preview) and leaves
// the decision to `decideEntitlements` (src/shared/domain/entitlements.ts). Injected as
// `deps.entitlements` by the composition root (kairo.ts). Which of a person's workflows run now is
// asked here too, at run time (`workflowPause` with `activeWorkflowRank`), so plans hold over time.
import { and, eq, gt, max, ne, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { DEMO_SAMPLE_TEAM } from "#shared/domain/demo.ts";
import { decideEntitlements, type EntitlementDecision } from "#shared/domain/entitlements.ts";
import { FEATURES, type FeatureId } from "#shared/domain/features.ts";
import { type PlanStatus, planStatus, type SubscriptionFacts } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { param, preparedPer } from "../../db/prepared.ts";
import { member, organization } from "../../db/schema/auth.ts";
import { demoGrants, subscriptions } from "../../db/schema/billing.ts";
import { workflows } from "../../db/schema/workflows.ts";
import type { Tx } from "../../db/transaction.ts";

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
  /**
   * `forPerson` for many people in one statement (the workflow engine's batches), keyed by person
   * id. `within`: a transaction to read in (PGlite has one connection: a read outside an open
   * transaction would wait for it).
   */
  forPeople(personIds: readonly string[], within?: Tx): Promise<Map<string, PersonEntitlements>>;
  /** `forPerson(personId)` that throws 403 PLAN_REQUIRED unless the person may use `feature`. */
  require(personId: string, feature: FeatureId): Promise<PersonEntitlements>;
  /**
   * Whether the team's Team plan is live (its owner's subscription): a team whose plan ended keeps
   * its projects read-only. `within`: a transaction to read in.
   */
  teamPlanLive(teamId: string, within?: Tx): Promise<boolean>;
};

export function createEntitlements(deps: { db: Db; clock: () => Date }): Entitlements {
  const forPerson = async (personId: string): Promise<PersonEntitlements> => {
    const now = deps.clock();
    const rows = await factsStatement(deps.db).execute({ personId, now });
    return answersFrom(gatherFacts(rows, now), now);
  };
  return {
    forPerson,
    async forPeople(personIds, within) {
      const people = [...new Set(personIds)];
      const answers = new Map<string, PersonEntitlements>();
      if (people.length === 0) return answers;
      const now = deps.clock();
      const values = { personIds: people, now };
      const rows = within
        ? await manyFacts(within as unknown as Db)
            .prepare("kairo_entitlement_facts_many")
            .execute(values)
        : await manyFactsStatement(deps.db).execute(values);
      const byPerson = new Map<string, FactRow[]>(people.map((id) => [id, []]));
      for (const { personId, ...row } of rows) byPerson.get(personId)?.push(row);
      for (const [id, own] of byPerson) answers.set(id, answersFrom(gatherFacts(own, now), now));
      return answers;
    },
    async require(personId, feature) {
      const answers = await forPerson(personId);
      answers.require(feature);
      return answers;
    },
    async teamPlanLive(teamId, within) {
      const conn = within ?? deps.db;
      const [row] = await conn
        .select(planFacts)
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, teamId))
        .limit(1);
      if (row) return planStatus(row, deps.clock()).plan === "team";
      // A demo preview's sample team lives while its owner's preview does (decision 216).
      const [sample] = await conn
        .select({ id: demoGrants.id })
        .from(organization)
        .innerJoin(member, and(eq(member.organizationId, organization.id), eq(member.role, "owner")))
        .innerJoin(
          demoGrants,
          and(eq(demoGrants.userId, member.userId), gt(demoGrants.expiresAt, deps.clock())),
        )
        .where(and(eq(organization.id, teamId), eq(organization.metadata, DEMO_SAMPLE_TEAM.metadata)))
        .limit(1);
      return sample !== undefined;
    },
  };
}

function answersFrom(
  { row, teamMember, demoExpiresAt }: ReturnType<typeof gatherFacts>,
  now: Date,
): PersonEntitlements {
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
}

/** Where `activeWorkflowRank` finds the workflow to rank: a table or subquery name and its columns. */
export type RankedRow = { from: string; userId: string; createdAt: string; id: string };
const WORKFLOWS_ROW: RankedRow = { from: "workflows", userId: "user_id", createdAt: "created_at", id: "id" };

/**
 * A workflow's place among its owner's active workflows, oldest first (1 = the oldest): what
 * `workflowPause` is asked with. One correlated count over the owner's rows (at most the per-person
 * cap), so a query can rank many people's workflows in one statement. `of` names the row to rank
 * (the workflows table by default, or a subquery's columns); the names are written out in full
 * because drizzle leaves a one-table select's columns unqualified, which inside the count would
 * mean the counted rows' own.
 */
export function activeWorkflowRank(of: RankedRow = WORKFLOWS_ROW): SQL<number> {
  const col = (name: string) => sql`${sql.identifier(of.from)}.${sql.identifier(name)}`;
  return sql<number>`(
  select count(*) from ${workflows} as "ranked"
  where "ranked"."user_id" = ${col(of.userId)} and "ranked"."is_active"
    and ("ranked"."created_at", "ranked"."id") <= (${col(of.createdAt)}, ${col(of.id)})
)`.mapWith(Number);
}

/**
 * The three facts in one prepared statement (decision 120): the person's own subscription, the
 * subscriptions of the teams they belong to (whether one is live is `planStatus`'s call, as for their
 * own), and the end of their latest live demo preview, as rows tagged by `kind`.
 */
const planFacts = {
  planId: subscriptions.planId,
  status: subscriptions.status,
  trialEndsAt: subscriptions.trialEndsAt,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
};

const factsStatement = preparedPer((db) => {
  const person = param("personId");
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
    .where(and(eq(demoGrants.userId, person), gt(demoGrants.expiresAt, param("now"))));
  return unionAll(own, teams, demo).prepare("kairo_entitlement_facts");
});

/** The same three facts for many people at once, each row tagged with whose it is. */
function manyFacts(db: Db) {
  const people = sql`any(${param("personIds")}::text[])`;
  const own = db
    .select({ personId: subscriptions.userId, kind: sql<FactKind>`'own'`, ...planFacts })
    .from(subscriptions)
    .where(sql`${subscriptions.userId} = ${people}`);
  const teams = db
    .select({ personId: member.userId, kind: sql<FactKind>`'team'`, ...planFacts })
    .from(member)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, member.organizationId))
    .where(and(sql`${member.userId} = ${people}`, ne(subscriptions.userId, member.userId)));
  const demo = db
    .select({
      personId: demoGrants.userId,
      kind: sql<FactKind>`'demo'`,
      planId: sql<string | null>`null`,
      status: sql<string>`''`,
      trialEndsAt: sql<Date | null>`null`,
      currentPeriodEnd: max(demoGrants.expiresAt),
      cancelAtPeriodEnd: sql<boolean>`false`,
    })
    .from(demoGrants)
    .where(and(sql`${demoGrants.userId} = ${people}`, gt(demoGrants.expiresAt, param("now"))))
    .groupBy(demoGrants.userId);
  return unionAll(own, teams, demo);
}

const manyFactsStatement = preparedPer((db) => manyFacts(db).prepare("kairo_entitlement_facts_many"));

type FactKind = "own" | "team" | "demo";
type FactRow = SubscriptionFacts & { kind: FactKind };

function gatherFacts(rows: FactRow[], now: Date) {
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
