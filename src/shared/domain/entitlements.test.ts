// Every answer of the entitlements decision over plan × trial × demo × team membership, written out
// from spec sections 6 and 9 as a table rather than derived from the code under test.
import { describe, expect, it } from "vitest";
import { decideEntitlements, type EntitlementFacts } from "./entitlements.ts";
import { FEATURE_IDS, type FeatureId } from "./features.ts";
import type { EffectivePlan } from "./subscription.ts";

const now = new Date("2026-11-22T12:00:00Z");
const DEMO = { none: null, live: new Date(now.getTime() + 60_000), ended: now } as const;

type Expect = {
  tier: "free" | "pro" | "team";
  taskLimit: number | null;
  historyDays: number | null;
  workflowLimit: number | null;
  calendarConnectionLimit: number | null;
};
const FREE: Expect = {
  tier: "free",
  taskLimit: 50,
  historyDays: 7,
  workflowLimit: 0,
  calendarConnectionLimit: 1,
};
const PRO: Expect = {
  tier: "pro",
  taskLimit: null,
  historyDays: null,
  workflowLimit: 5,
  calendarConnectionLimit: null,
};
const TEAM: Expect = {
  tier: "team",
  taskLimit: null,
  historyDays: null,
  workflowLimit: null,
  calendarConnectionLimit: null,
};

// [own plan, demo, member of a live team] -> answers. "trial" is a live trial (planStatus reports
// an ended trial as free). A demo preview ending at this instant is over.
const TABLE: [EffectivePlan, keyof typeof DEMO, boolean, Expect][] = [
  ["free", "none", false, FREE],
  ["free", "ended", false, FREE],
  ["free", "live", false, TEAM],
  ["free", "none", true, TEAM],
  ["free", "live", true, TEAM],
  ["trial", "none", false, PRO],
  ["trial", "ended", false, PRO],
  ["trial", "live", false, TEAM],
  ["trial", "none", true, TEAM],
  ["pro", "none", false, PRO],
  ["pro", "ended", false, PRO],
  ["pro", "live", false, TEAM],
  ["pro", "none", true, TEAM],
  ["team", "none", false, TEAM],
  ["team", "live", false, TEAM],
  ["team", "none", true, TEAM],
];

const OPEN_TO_ALL: FeatureId[] = ["dashboard", "tasks", "calendar", "analytics", "settings"];
const PRO_FEATURES: FeatureId[] = [
  "ai_insights",
  "workflow_automation",
  "voice_commands",
  "advanced_analytics",
  "ai_assistants",
];

describe("decideEntitlements", () => {
  it.each(TABLE)("%s, demo %s, team member %s", (ownPlan, demo, teamMember, want) => {
    const facts: EntitlementFacts = { ownPlan, teamMember, demoExpiresAt: DEMO[demo] };
    const got = decideEntitlements(facts, now);
    expect({
      tier: got.tier,
      taskLimit: got.taskLimit,
      historyDays: got.historyDays,
      workflowLimit: got.workflowLimit,
      calendarConnectionLimit: got.calendarConnectionLimit,
    }).toEqual(want);
    expect(got.demoLive).toBe(demo === "live");
    for (const feature of FEATURE_IDS) {
      const allowed = OPEN_TO_ALL.includes(feature)
        ? true
        : PRO_FEATURES.includes(feature)
          ? want.tier !== "free"
          : want.tier === "team";
      expect(got.can(feature), feature).toBe(allowed);
    }
  });

  it("offers Team for team collaboration and Pro for everything else", () => {
    const free = decideEntitlements({ ownPlan: "free", teamMember: false, demoExpiresAt: null }, now);
    expect(free.requiredPlan("team_collaboration")).toBe("team");
    expect(free.requiredPlan("ai_insights")).toBe("pro");
    const pro = decideEntitlements({ ownPlan: "pro", teamMember: false, demoExpiresAt: null }, now);
    expect(pro.can("team_collaboration")).toBe(false);
    expect(pro.requiredPlan("team_collaboration")).toBe("team");
  });

  it("runs the oldest active workflows up to the plan's limit, and none without the feature", () => {
    const decide = (ownPlan: EffectivePlan, demo: keyof typeof DEMO) =>
      decideEntitlements({ ownPlan, teamMember: false, demoExpiresAt: DEMO[demo] }, now);
    const trial = decide("trial", "none");
    expect([1, 5, 6, 12].map((rank) => trial.workflowPause(rank))).toEqual([
      null,
      null,
      "Paused: over your plan's limit of 5 active workflows",
      "Paused: over your plan's limit of 5 active workflows",
    ]);
    // A live preview counts as Team: all twelve run; once it has ended, the trial's five again.
    expect(decide("trial", "live").workflowPause(12)).toBeNull();
    expect(decide("trial", "ended").workflowPause(6)).toBe(
      "Paused: over your plan's limit of 5 active workflows",
    );
    expect(decide("team", "none").workflowPause(100)).toBeNull();
    // The trial is over: no workflow runs, the oldest included, and each says why.
    expect(decide("free", "ended").workflowPause(1)).toBe(
      "Paused: Workflow Automation is part of the Pro plan. Upgrade to Pro to run it again.",
    );
  });
});
