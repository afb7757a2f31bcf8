import { describe, expect, it } from "vitest";
import {
  billableSeats,
  formatUsd,
  getPlan,
  isPlanId,
  LAUNCH_OFFER,
  monthlyEquivalentWhenYearly,
  PLAN_IDS,
  PLAN_LIST,
  PLANS,
  planTotal,
  TEAM_SIZE,
  teamSizeHint,
  topFeatures,
  YEARLY_DISCOUNT,
  yearlyPrice,
} from "./plans.ts";

describe("plan catalogue", () => {
  it("lists free, pro, team and elite in display order", () => {
    expect(PLAN_IDS).toEqual(["free", "pro", "team", "elite"]);
    expect(PLAN_LIST.map((p) => p.id)).toEqual(["free", "pro", "team", "elite"]);
    for (const id of PLAN_IDS) expect(getPlan(id).id).toBe(id);
  });

  it("prices free at $0, pro at $12 and team at $10 per user", () => {
    expect(PLANS.free.price).toBe(0);
    expect(PLANS.pro.price).toBe(12);
    expect(PLANS.team.price).toBe(10);
    expect(PLANS.team.perUser).toBe(true);
    expect(PLANS.pro.perUser).toBe(false);
  });

  it("gives elite no price and marks it coming soon, not purchasable", () => {
    expect(PLANS.elite.price).toBeNull();
    expect(PLANS.elite.priceId).toBeNull();
    expect(PLANS.elite.comingSoon).toBe(true);
    expect(PLAN_LIST.filter((p) => p.comingSoon).map((p) => p.id)).toEqual(["elite"]);
  });

  it("has price keys only for the purchasable paid plans", () => {
    expect(PLANS.free.priceId).toBeNull();
    expect(PLANS.pro.priceId).toBe("pro_monthly");
    expect(PLANS.team.priceId).toBe("team_monthly");
  });

  it("marks only pro as popular", () => {
    expect(PLAN_LIST.filter((p) => p.popular).map((p) => p.id)).toEqual(["pro"]);
  });

  it("holds the first 5 features of each plan as spec section 6 lists them", () => {
    expect(topFeatures(PLANS.free)).toEqual([
      "Task management",
      "1 connected calendar",
      "Time tracking",
      "Basic analytics",
      "Up to 50 tasks",
    ]);
    expect(topFeatures(PLANS.pro)).toEqual([
      "AI task prioritization",
      "Smart meeting scheduler",
      "Advanced analytics",
      "5 workflows",
      "Email support",
    ]);
    expect(topFeatures(PLANS.team)).toEqual([
      "Team collaboration",
      "Shared workspaces",
      "Team analytics",
      "Unlimited workflows",
      "24/7 chat support",
    ]);
    expect(topFeatures(PLANS.elite)).toEqual([
      "Dedicated support",
      "Unlimited integrations",
      "Full API access",
      "White-label branding",
    ]);
  });

  it("keeps the limits of the spec in the feature lists", () => {
    expect(PLANS.free.features).toContain("7-day history");
    expect(PLANS.pro.features).toContain("Unlimited tasks");
    // Pro promises no team collaboration: the Team plan's feature, as the server grants it (decision 158).
    expect(PLANS.pro.features.some((f) => /team collaboration/i.test(f))).toBe(false);
    expect(PLANS.team.features).toHaveLength(13);
    expect(PLANS.team.features).toContain("Single sign-on (SSO)");
  });

  it("writes features in sentence case without duplicates", () => {
    for (const plan of PLAN_LIST) {
      expect(new Set(plan.features).size).toBe(plan.features.length);
      for (const f of plan.features) expect(f[0]).toBe(f[0]?.toUpperCase());
    }
  });

  it("recognises plan ids", () => {
    expect(isPlanId("pro")).toBe(true);
    expect(isPlanId("trial")).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
  });
});

describe("constants", () => {
  it("holds the yearly discount, the launch offer and the team size bounds", () => {
    expect(YEARLY_DISCOUNT).toBe(0.2);
    expect(LAUNCH_OFFER).toEqual({ percentOff: 20, months: 3, plan: "pro" });
    expect(TEAM_SIZE).toEqual({ min: 2, max: 100, step: 1, default: 5 });
  });
});

describe("yearlyPrice", () => {
  it("charges 12 months with 20% off", () => {
    expect(yearlyPrice(12)).toBe(115.2);
    expect(yearlyPrice(10)).toBe(96);
    expect(yearlyPrice(0)).toBe(0);
  });

  it("rounds to cents", () => {
    // 9.99 * 12 * 0.8 = 95.904
    expect(yearlyPrice(9.99)).toBe(95.9);
    // 1.01 * 12 * 0.8 = 9.696
    expect(yearlyPrice(1.01)).toBe(9.7);
  });

  it("saves exactly the discount compared with paying monthly", () => {
    expect(12 * 12 - yearlyPrice(12)).toBeCloseTo(12 * 12 * YEARLY_DISCOUNT, 10);
  });
});

describe("monthlyEquivalentWhenYearly", () => {
  it("is the yearly price spread over 12 months", () => {
    expect(monthlyEquivalentWhenYearly(12)).toBe(9.6);
    expect(monthlyEquivalentWhenYearly(10)).toBe(8);
    expect(monthlyEquivalentWhenYearly(0)).toBe(0);
  });

  it("rounds to cents", () => {
    expect(monthlyEquivalentWhenYearly(9.99)).toBe(7.99);
  });
});

describe("billableSeats", () => {
  it("bills whole seats and at least the minimum team size", () => {
    expect(billableSeats(5)).toBe(5);
    expect(billableSeats(1)).toBe(2);
    expect(billableSeats(0)).toBe(2);
    expect(billableSeats(-3)).toBe(2);
    expect(billableSeats(2.2)).toBe(3);
    expect(billableSeats(Number.NaN)).toBe(TEAM_SIZE.default);
  });
});

describe("planTotal", () => {
  it("is $0 for free whatever the billing", () => {
    expect(planTotal("free", { billing: "monthly" })).toBe(0);
    expect(planTotal("free", { billing: "yearly" })).toBe(0);
  });

  it("is the plan price for pro, ignoring seats", () => {
    expect(planTotal("pro", { billing: "monthly" })).toBe(12);
    expect(planTotal("pro", { billing: "monthly", seats: 40 })).toBe(12);
    expect(planTotal("pro", { billing: "yearly" })).toBe(115.2);
  });

  it("multiplies team by seats", () => {
    expect(planTotal("team", { seats: 2, billing: "monthly" })).toBe(20);
    expect(planTotal("team", { seats: 5, billing: "monthly" })).toBe(50);
    expect(planTotal("team", { seats: 100, billing: "monthly" })).toBe(1000);
    expect(planTotal("team", { seats: 2, billing: "yearly" })).toBe(192);
    expect(planTotal("team", { seats: 100, billing: "yearly" })).toBe(9600);
  });

  it("uses the default team size when seats are not given", () => {
    expect(planTotal("team", { billing: "monthly" })).toBe(TEAM_SIZE.default * 10);
  });

  it("bills a team of one as the minimum team", () => {
    expect(planTotal("team", { seats: 1, billing: "monthly" })).toBe(20);
  });

  it("has no listed price above 100 seats (custom pricing) or for elite", () => {
    expect(planTotal("team", { seats: 101, billing: "monthly" })).toBeNull();
    expect(planTotal("elite", { billing: "monthly" })).toBeNull();
    expect(planTotal("elite", { billing: "yearly", seats: 10 })).toBeNull();
  });
});

describe("teamSizeHint", () => {
  it.each([
    [2, "Small team"],
    [5, "Small team"],
    [6, "Growing team"],
    [20, "Growing team"],
    [21, "Enterprise"],
    [50, "Enterprise"],
    [51, "Large organisation"],
    [100, "Large organisation"],
    [250, "Large organisation"],
  ] as const)("calls %i seats a %s", (seats, label) => {
    expect(teamSizeHint(seats).label).toBe(label);
  });

  it("flags custom pricing only above 100 seats", () => {
    expect(teamSizeHint(100).customPricing).toBe(false);
    expect(teamSizeHint(101).customPricing).toBe(true);
    expect(teamSizeHint(2).customPricing).toBe(false);
  });
});

describe("formatUsd", () => {
  it("shows whole dollars without cents", () => {
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(12)).toBe("$12");
    expect(formatUsd(96)).toBe("$96");
  });

  it("shows cents when there are any, always two digits", () => {
    expect(formatUsd(9.6)).toBe("$9.60");
    expect(formatUsd(115.2)).toBe("$115.20");
    expect(formatUsd(7.99)).toBe("$7.99");
  });

  it("groups thousands and rounds to cents", () => {
    expect(formatUsd(9600)).toBe("$9,600");
    expect(formatUsd(1234.567)).toBe("$1,234.57");
    expect(formatUsd(0.004)).toBe("$0");
  });
});
