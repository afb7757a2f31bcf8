import { describe, expect, it } from "vitest";
import {
  checkoutAmounts,
  LAUNCH_OFFER_WINDOW_MS,
  type LaunchOfferFacts,
  launchOfferApplies,
  launchOfferMsLeft,
  monthlyRevenue,
} from "./billing.ts";

describe("checkoutAmounts", () => {
  it.each([
    // plan, seats, billing, eligible → regular, first charge, offer applied
    ["pro", 1, "monthly", true, 12, 9.6, true],
    ["pro", 1, "monthly", false, 12, 12, false],
    // The offer discounts the first 3 months of a monthly plan; a yearly plan has its own 20% off.
    ["pro", 1, "yearly", true, 115.2, 115.2, false],
    ["team", 5, "monthly", true, 50, 50, false],
    ["team", 5, "yearly", false, 480, 480, false],
    ["team", 2, "monthly", false, 20, 20, false],
    ["team", 100, "monthly", false, 1000, 1000, false],
    ["team", 37, "yearly", false, 3552, 3552, false],
  ] as const)(
    "%s × %i %s (offer %s) → %d, first %d",
    (plan, seats, billing, eligible, regular, first, offer) => {
      expect(checkoutAmounts(plan, seats, billing, eligible)).toEqual({
        regular,
        firstCharge: first,
        launchOffer: offer,
      });
    },
  );

  it("refuses a team larger than the calculator prices (custom pricing)", () => {
    expect(() => checkoutAmounts("team", 101, "monthly", false)).toThrow(RangeError);
  });
});

describe("monthlyRevenue", () => {
  it("counts a yearly plan as its discounted monthly equivalent", () => {
    expect(monthlyRevenue("pro", 1, "monthly")).toBe(12);
    expect(monthlyRevenue("pro", 1, "yearly")).toBe(9.6);
    expect(monthlyRevenue("team", 10, "monthly")).toBe(100);
    expect(monthlyRevenue("team", 10, "yearly")).toBe(80);
  });
});

const OPENED = new Date("2026-11-22T09:00:00Z");
const openedPlus = (ms: number) => new Date(OPENED.getTime() + ms);

describe("launchOfferMsLeft", () => {
  it("is the spec's 600 seconds", () => {
    expect(LAUNCH_OFFER_WINDOW_MS).toBe(600_000);
  });

  it.each([
    ["at the opening", 0, 600_000],
    ["a second later", 1_000, 599_000],
    ["the last millisecond", 599_999, 1],
    ["at 600 seconds", 600_000, 0],
    ["a day later", 86_400_000, 0],
    ["before it opened (a clock set back)", -1, 0],
  ])("%s", (_when, offset, left) => {
    expect(launchOfferMsLeft(OPENED, openedPlus(offset))).toBe(left);
  });

  it("is 0 when the window never opened", () => {
    expect(launchOfferMsLeft(null, OPENED)).toBe(0);
  });
});

describe("launchOfferApplies", () => {
  const inside: LaunchOfferFacts = {
    plan: "pro",
    billing: "monthly",
    firstPurchase: true,
    windowOpenedAt: OPENED,
    now: openedPlus(300_000),
  };

  it("applies to a first monthly Pro purchase inside the window", () => {
    expect(launchOfferApplies(inside)).toBe(true);
    expect(launchOfferApplies({ ...inside, now: openedPlus(599_999) })).toBe(true);
  });

  it.each([
    ["the window has closed", { now: openedPlus(600_000) }],
    ["the window never opened", { windowOpenedAt: null }],
    ["the person has paid before", { firstPurchase: false }],
    ["the plan is Team", { plan: "team" }],
    ["billing is yearly", { billing: "yearly" }],
  ] as const)("does not apply when %s", (_why, change) => {
    expect(launchOfferApplies({ ...inside, ...change })).toBe(false);
  });
});
