import { describe, expect, it } from "vitest";
import { monthlyRevenue, monthlyRevenueOf } from "./revenue.ts";

describe("monthly revenue", () => {
  it("prices Pro at $12 a month and $9.60 a month when paid yearly", () => {
    expect(monthlyRevenueOf({ plan: "pro", seats: 1, interval: "month" })).toBe(12);
    expect(monthlyRevenueOf({ plan: "pro", seats: 1, interval: "year" })).toBe(9.6);
    // Pro is never per seat.
    expect(monthlyRevenueOf({ plan: "pro", seats: 4, interval: "month" })).toBe(12);
  });

  it("prices Team per seat, yearly at 20% off", () => {
    expect(monthlyRevenueOf({ plan: "team", seats: 5, interval: "month" })).toBe(50);
    expect(monthlyRevenueOf({ plan: "team", seats: 5, interval: "year" })).toBe(40);
  });

  it("adds many subscriptions in cents, with counts", () => {
    expect(
      monthlyRevenue([
        { plan: "pro", seats: 1, interval: "year", count: 3 },
        { plan: "team", seats: 3, interval: "month" },
        { plan: "pro", seats: 1, interval: "month", count: 2 },
      ]),
    ).toBe(28.8 + 30 + 24);
    expect(monthlyRevenue([])).toBe(0);
  });
});
