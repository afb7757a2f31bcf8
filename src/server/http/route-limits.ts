// The limits on our own sensitive routes, and the per-person budgets that are not a route's, in one
// place so the README and the tests can name them. Counted per signed-in person (else per client
// address) in fixed windows, in the rate limits' store (Redis across instances); see rate-limit.ts.
import type { RateLimitOptions } from "./rate-limit.ts";

/** Refresh Insights: one window holds at most this many refreshes and one stored analysis. */
export const INSIGHTS_REFRESH_WINDOW_SECONDS = 600;

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
  /** Refresh Insights: each one asks the AI model to write the analysis again. */
  aiInsightsRefresh: {
    name: "ai-insights-refresh",
    max: 5,
    windowSeconds: INSIGHTS_REFRESH_WINDOW_SECONDS,
    message: "Insights can be refreshed 5 times every 10 minutes. Please wait a moment and try again.",
  },
  /** The Pomodoro break suggestion: with AI_MODEL set, each one is a call to the operator's model. */
  assistant: {
    name: "assistant",
    max: 30,
    windowSeconds: 3600,
    message: "That is a lot of break suggestions for one hour. Please wait a moment and try again.",
  },
  /**
   * One iCalendar feed address, whoever asks: calendar apps poll it every few minutes at most, so
   * this leaves room for several apps subscribed at once.
   */
  icalFeed: {
    name: "ical-feed",
    max: 120,
    windowSeconds: 3600,
    message: "Too many requests for this calendar feed. Please try again later.",
  },
  /**
   * The public API, /api/v1: calls per credential (an API key, an app's grant, a session) per hour,
   * announced in RateLimit-Policy and RateLimit headers (decision 256).
   */
  apiV1: {
    name: "api-v1",
    max: 1000,
    windowSeconds: 3600,
    message: "This credential has used its 1000 calls for this hour. Please wait for the next hour.",
  },
  /**
   * Dynamic client registration (/oauth/register, decision 294): counted per client address, as
   * no one is signed in; an assistant registers once per install.
   */
  oauthRegister: {
    name: "oauth-register",
    max: 20,
    windowSeconds: 3600,
    message: "Too many app registrations from this address. Please try again later.",
  },
  /** Creating workflows: each one adds to what the per-minute sweep and the run workers carry. */
  workflowCreate: { name: "workflow-create", max: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitOptions>;

/** What one person may use of shared resources that are not a single route's call. */
export const PERSON_BUDGETS = {
  /**
   * Analyses the AI model writes for one person (page loads after their data changed, and
   * refreshes); past it the built-in analysis is shown, computed from the same figures.
   */
  modelAnalyses: { name: "ai-model-analyses", max: 30, windowSeconds: 3600 },
  /** The Team Workspace's Broadcast Test Action. */
  activityBroadcast: { name: "activity-broadcast", max: 10, windowSeconds: 60 },
  /** Rows one person's actions add to their team's Recent Activity (the rest are not recorded). */
  teamActivityWrites: { name: "team-activity-writes", max: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitOptions>;

/** Open sockets of one person, across every instance (each browser tab holds one). */
export const SOCKETS_PER_PERSON = 8;
