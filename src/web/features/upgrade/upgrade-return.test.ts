import { describe, expect, it } from "vitest";
import { upgradeReturnNotice, upgradeReturnUrls, withoutUpgradeParams } from "./upgrade-return.ts";

const q = (s: string) => new URLSearchParams(s);

describe("upgradeReturnNotice", () => {
  it("welcomes the person to the plan they bought", () => {
    expect(upgradeReturnNotice(q("upgrade=success&plan=team"))).toEqual({
      tone: "success",
      title: "Upgrade successful",
      description: "Welcome to Team! Your new features are unlocked.",
    });
    expect(upgradeReturnNotice(q("upgrade=success&plan=pro"))?.description).toBe(
      "Welcome to Pro! Your new features are unlocked.",
    );
  });

  it("does not name a plan it does not know", () => {
    expect(upgradeReturnNotice(q("upgrade=success"))?.description).toBe("Your new features are unlocked.");
    expect(upgradeReturnNotice(q("upgrade=success&plan=elite"))?.description).toBe(
      "Your new features are unlocked.",
    );
  });

  it("says a cancelled checkout changed nothing", () => {
    expect(upgradeReturnNotice(q("upgrade=cancelled"))).toEqual({
      tone: "info",
      title: "Upgrade cancelled",
      description: "No payment was made.",
    });
  });

  it("ignores anything else", () => {
    expect(upgradeReturnNotice(q(""))).toBeNull();
    expect(upgradeReturnNotice(q("upgrade=maybe"))).toBeNull();
    expect(upgradeReturnNotice(q("section=tasks"))).toBeNull();
  });
});

describe("withoutUpgradeParams", () => {
  it("removes the return parameters and keeps the rest", () => {
    expect(withoutUpgradeParams(q("upgrade=success&plan=team&section=tasks"))?.toString()).toBe(
      "section=tasks",
    );
    expect(withoutUpgradeParams(q("upgrade=cancelled"))?.toString()).toBe("");
  });

  it("leaves an address without them alone", () => {
    expect(withoutUpgradeParams(q("section=tasks"))).toBeNull();
  });
});

describe("upgradeReturnUrls", () => {
  it("returns to the dashboard on the same origin", () => {
    expect(upgradeReturnUrls("https://kairo.test", "team")).toEqual({
      successUrl: "https://kairo.test/dashboard?upgrade=success&plan=team",
      cancelUrl: "https://kairo.test/dashboard?upgrade=cancelled",
    });
  });
});
