import type { PurchasablePlan } from "#shared/contracts/billing.ts";

/** The plans the upgrade dialog sells: its two tabs. */
export type UpgradePlan = PurchasablePlan;

export const isUpgradePlan = (value: unknown): value is UpgradePlan => value === "pro" || value === "team";
