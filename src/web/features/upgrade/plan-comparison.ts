// The rows of the upgrade dialog's plan comparison (spec section 6, plan contents). A cell is
// included (true), not included (false) or a short value. Prices come from the shared catalogue.
import { formatUsd, PLAN_IDS, PLANS, type PlanId } from "#shared/domain/plans.ts";

export type ComparisonCell = boolean | string;
export type ComparisonRow = { label: string; cells: Record<PlanId, ComparisonCell> };

const row = (
  label: string,
  free: ComparisonCell,
  pro: ComparisonCell,
  team: ComparisonCell,
  elite: ComparisonCell,
) => ({ label, cells: { free, pro, team, elite } }) satisfies ComparisonRow;

function priceCell(id: PlanId): string {
  const plan = PLANS[id];
  if (plan.comingSoon || plan.price === null) return "Coming Soon";
  if (plan.price === 0) return formatUsd(0);
  return `${formatUsd(plan.price)} ${plan.perUser ? "per user/month" : "/month"}`;
}

export const COMPARISON_PLANS: readonly PlanId[] = PLAN_IDS;

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  {
    label: "Price",
    cells: Object.fromEntries(PLAN_IDS.map((id) => [id, priceCell(id)])) as Record<PlanId, string>,
  },
  row("Tasks", "Up to 50", "Unlimited", "Unlimited", "Unlimited"),
  row("History", "7 days", "Full", "Full", "Full"),
  row("Task management and time tracking", true, true, true, true),
  row("AI task prioritization", false, true, true, true),
  row("Smart meeting scheduler", false, true, true, true),
  row("Advanced analytics", false, true, true, true),
  row("Workflows", false, "5", "Unlimited", "Unlimited"),
  row("Team collaboration", false, false, "Unlimited members", "Unlimited members"),
  row("Shared workspaces and team analytics", false, false, true, true),
  row("Admin controls, roles and SSO", false, false, true, true),
  row("API access", false, false, "Limited", "Full"),
  row("Support", false, "Email", "24/7 chat", "Dedicated"),
  row("White-label branding", false, false, false, true),
];
