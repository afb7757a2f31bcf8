// @vitest-environment happy-dom
// The Overview's Pro Features card is for people without a paid plan: free and trial see it, Pro
// and Team (who already have what it offers) do not.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SubscriptionResponse } from "#shared/contracts/billing.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { renderWithApi } from "#web/testing/render-with-api.tsx";
import { ProFeaturesCard } from "./pro-features-panel.tsx";

const LABEL = { free: "Free", trial: "Trial", pro: "Pro", team: "Team" } as const;

const subscription = (plan: SubscriptionResponse["plan"]): SubscriptionResponse => ({
  plan,
  label: LABEL[plan],
  trialEndsAt: null,
  trialDaysLeft: plan === "trial" ? 5 : null,
  trialExpired: false,
  demo: { active: false, plan: null, expiresAt: null, msLeft: 0, previewsLeft: 3 },
  limits: { taskLimit: null, historyDays: null, workflowLimit: null, calendarConnectionLimit: null },
});

function renderFor(plan: SubscriptionResponse["plan"]) {
  return renderWithApi(<ProFeaturesCard aiInsightsLocked={plan === "free"} onUpgrade={() => {}} />, (r) =>
    r.path === "/api/subscription" ? { status: 200, body: subscription(plan) } : { status: 404 },
  );
}

describe("the Pro Features card", () => {
  it.each(["free", "trial"] as const)("shows to a person on %s", async (plan) => {
    renderFor(plan);
    expect(await screen.findByText("Pro Features")).toBeDefined();
  });

  it.each(["pro", "team"] as const)("does not show to a person on %s", async (plan) => {
    const { client } = renderFor(plan);
    // Once the plan is known, the card is still absent.
    await expect
      .poll(() => client.getQueryData<SubscriptionResponse>(queryKeys.subscription)?.plan)
      .toBe(plan);
    expect(screen.queryByText("Pro Features")).toBeNull();
  });
});
