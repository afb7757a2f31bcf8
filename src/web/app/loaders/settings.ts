// /settings: every section's first request at once (the page is not gated; each section is on
// every plan).
import { billingQueryOptions } from "../../features/billing/api/billing.ts";
import { calendarIntegrationsQueryOptions } from "../../features/calendar-integrations/api/get-calendar-integrations.ts";
import { icalFeedQueryOptions } from "../../features/calendar-integrations/api/get-ical-feed.ts";
import { meQueryOptions } from "../../features/profile/api/get-me.ts";
import { sessionsQueryOptions } from "../../features/security/api/list-sessions.ts";
import { preferencesQueryOptions } from "../../lib/preferences.ts";
import { subscriptionQueryOptions } from "../../lib/subscription.ts";
import { prefetchForPerson } from "./prefetch.ts";

export const loader = prefetchForPerson(() => [
  meQueryOptions(),
  subscriptionQueryOptions(),
  billingQueryOptions(),
  calendarIntegrationsQueryOptions(),
  icalFeedQueryOptions(),
  preferencesQueryOptions(),
  sessionsQueryOptions(),
]);
