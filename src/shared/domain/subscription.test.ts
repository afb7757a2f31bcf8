import { describe, expect, it } from "vitest";
import { planStatus, trialDaysLeftText, trialEndFor } from "./subscription.ts";

const now = new Date("2026-11-22T12:00:00Z");
const day = 86_400_000;
const sub = (o: Partial<Parameters<typeof planStatus>[0] & object> = {}) => ({
  planId: "trial",
  status: "trialing",
  trialEndsAt: new Date(now.getTime() + 3 * day),
  currentPeriodEnd: null,
  ...o,
});

describe("planStatus", () => {
  it.each([
    ["no subscription row", null, "free", null],
    ["a live trial", sub(), "trial", 3],
    ["a trial ending in 1 hour", sub({ trialEndsAt: new Date(now.getTime() + 3_600_000) }), "trial", 1],
    ["an expired trial", sub({ trialEndsAt: new Date(now.getTime() - 1) }), "free", null],
    ["an active pro plan", sub({ planId: "pro", status: "active" }), "pro", null],
    [
      "an active team plan past its trial",
      sub({ planId: "team", status: "active", trialEndsAt: new Date(0) }),
      "team",
      null,
    ],
    ["a pro plan with a failed payment", sub({ planId: "pro", status: "past_due" }), "pro", null],
    [
      "a cancelled pro plan before period end",
      sub({
        planId: "pro",
        status: "canceled",
        currentPeriodEnd: new Date(now.getTime() + day),
        trialEndsAt: null,
      }),
      "pro",
      null,
    ],
    [
      "a cancelled pro plan after period end",
      sub({
        planId: "pro",
        status: "canceled",
        currentPeriodEnd: new Date(now.getTime() - day),
        trialEndsAt: null,
      }),
      "free",
      null,
    ],
    [
      "an active plan set to cancel, before the period ends",
      sub({
        planId: "team",
        status: "active",
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(now.getTime() + day),
        trialEndsAt: null,
      }),
      "team",
      null,
    ],
    [
      "an active plan set to cancel, after the period ended",
      sub({
        planId: "team",
        status: "active",
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(now.getTime() - 1),
        trialEndsAt: null,
      }),
      "free",
      null,
    ],
    [
      "an active plan past its period that renews",
      sub({
        planId: "pro",
        status: "active",
        currentPeriodEnd: new Date(now.getTime() - day),
        trialEndsAt: null,
      }),
      "pro",
      null,
    ],
    ["an expired plan row", sub({ planId: "pro", status: "expired", trialEndsAt: null }), "free", null],
    ["elite is never bought", sub({ planId: "elite", status: "active", trialEndsAt: null }), "free", null],
  ] as const)("%s → %s", (_name, row, plan, daysLeft) => {
    const s = planStatus(row, now);
    expect(s.plan).toBe(plan);
    expect(s.trialDaysLeft).toBe(daysLeft);
  });

  it("labels plans Free, Trial, Pro and Team", () => {
    expect(planStatus(null, now).label).toBe("Free");
    expect(planStatus(sub(), now).label).toBe("Trial");
    expect(planStatus(sub({ planId: "pro", status: "active" }), now).label).toBe("Pro");
    expect(planStatus(sub({ planId: "team", status: "active" }), now).label).toBe("Team");
  });

  it("says the trial expired only when there was one and no paid plan", () => {
    expect(planStatus(sub({ trialEndsAt: new Date(now.getTime() - day) }), now).trialExpired).toBe(true);
    expect(planStatus(null, now).trialExpired).toBe(false);
    expect(
      planStatus(sub({ planId: "pro", status: "active", trialEndsAt: new Date(0) }), now).trialExpired,
    ).toBe(false);
  });

  it("ends a trial 7 days after it starts", () => {
    expect(trialEndFor(now).toISOString()).toBe("2026-11-29T12:00:00.000Z");
  });
});

describe("trialDaysLeftText", () => {
  it("reads as the spec writes it", () => {
    expect(trialDaysLeftText(7)).toBe("Trial: 7 days left");
    expect(trialDaysLeftText(1)).toBe("Trial: 1 day left");
  });
});
