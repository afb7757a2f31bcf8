import { describe, expect, it } from "vitest";
import { checkoutAmounts, monthlyRevenue } from "./billing.ts";

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
