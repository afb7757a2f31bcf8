import { describe, expect, it } from "vitest";
import { canUse } from "./access.ts";
import { FEATURE_IDS } from "./features.ts";
import type { EffectivePlan } from "./subscription.ts";

const now = new Date("2026-11-22T12:00:00Z");
const liveDemo = { expiresAt: new Date(now.getTime() + 60_000) };
const pastDemo = { expiresAt: new Date(now.getTime() - 1) };

const EVERYONE = ["dashboard", "tasks", "calendar", "analytics", "settings"];
const PRO = ["ai_insights", "workflow_automation", "voice_commands", "advanced_analytics", "ai_assistants"];
const TEAM = ["team_collaboration", "api_access"];
const PLANS: EffectivePlan[] = ["free", "trial", "pro", "team"];

// Expected access for every feature × plan × demo state, written out as the spec states it.
function expected(feature: string, plan: EffectivePlan, demo: "none" | "live" | "expired"): boolean {
  if (EVERYONE.includes(feature)) return true;
  if (demo === "live" && (PRO.includes(feature) || TEAM.includes(feature))) return true;
  if (PRO.includes(feature)) return plan !== "free";
  if (TEAM.includes(feature)) return plan === "team";
  return false;
}

describe("canUse", () => {
  const cases = FEATURE_IDS.flatMap((f) =>
    PLANS.flatMap((p) => (["none", "live", "expired"] as const).map((d) => [f, p, d] as const)),
  );
  it.each(cases)("%s on %s with demo %s", (feature, plan, demo) => {
    const grant = demo === "live" ? liveDemo : demo === "expired" ? pastDemo : null;
    expect(canUse(feature, plan, grant, now).allowed).toBe(expected(feature, plan, demo));
  });

  it("names the plan to offer: team for team collaboration, pro otherwise", () => {
    expect(canUse("team_collaboration", "free", null, now)).toEqual({ allowed: false, requiredPlan: "team" });
    expect(canUse("team_collaboration", "pro", null, now)).toEqual({ allowed: false, requiredPlan: "team" });
    expect(canUse("ai_insights", "free", null, now)).toEqual({ allowed: false, requiredPlan: "pro" });
  });

  it("gives no access to an unknown feature, even in demo, and asks for pro", () => {
    for (const plan of PLANS) {
      expect(canUse("time_travel", plan, liveDemo, now)).toEqual({ allowed: false, requiredPlan: "pro" });
    }
  });

  it("ends a demo grant at its expiry instant", () => {
    expect(canUse("ai_insights", "free", { expiresAt: now }, now).allowed).toBe(false);
  });
});
