// The limits on our own sensitive routes, in one place so the README and the tests can name them.
// Counted per signed-in person (else per client address) in fixed windows; see rate-limit.ts.
import type { RateLimitOptions } from "./rate-limit.ts";

export const ROUTE_LIMITS = {
  /** Starting a checkout: each one prepares a payment session with the provider. */
  checkout: { name: "checkout", max: 10, windowSeconds: 60 },
  /** Opening the billing portal, and the local portal's changes. */
  billingPortal: { name: "billing-portal", max: 20, windowSeconds: 60 },
  /** Team invitations: each one sends an email. */
  teamInvitation: { name: "team-invitation", max: 30, windowSeconds: 3600 },
  /** Exporting everything a person owns: a heavy read. */
  accountExport: { name: "account-export", max: 5, windowSeconds: 60 },
  /** Client error reports: a broken page must not flood the table. */
  clientErrors: { name: "client-errors", max: 30, windowSeconds: 60 },
  /** Sync Now: each one calls the calendar provider (which has its own limits). */
  calendarSync: { name: "calendar-sync", max: 10, windowSeconds: 60 },
  /** Starting and finishing a calendar connection (token calls to the provider). */
  calendarConnect: { name: "calendar-connect", max: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitOptions>;
