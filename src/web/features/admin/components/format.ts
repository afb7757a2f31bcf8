// How the admin screens write dates and labels.
import { format, parseISO } from "date-fns";
import type { EffectivePlan } from "#shared/domain/subscription.ts";

export const formatDateTime = (iso: string) => format(parseISO(iso), "MMM d, yyyy HH:mm");
export const formatDate = (iso: string) => format(parseISO(iso), "MMM d, yyyy");

export const PLAN_LABELS: Record<EffectivePlan, string> = {
  free: "Free",
  trial: "Trial",
  pro: "Pro",
  team: "Team",
};

export const ROLE_LABELS = { user: "User", admin: "Admin", super_admin: "Super admin" } as const;

export const ACTION_LABELS: Record<string, string> = {
  "user.role_changed": "Role changed",
  "user.banned": "Banned",
  "user.unbanned": "Unbanned",
  "user.plan_overridden": "Plan overridden",
};
