// /settings: every section's first request at once (the page is not gated; each section is on
// every plan).
import { billingQueryOptions } from "#web/features/billing/api/billing.ts";
import { calendarIntegrationsQueryOptions } from "#web/features/calendar-integrations/api/get-calendar-integrations.ts";
import { icalFeedQueryOptions } from "#web/features/calendar-integrations/api/get-ical-feed.ts";
import { meQueryOptions } from "#web/features/profile/api/get-me.ts";
import { sessionsQueryOptions } from "#web/features/security/api/list-sessions.ts";
import { webhooksQueryOptions } from "#web/features/webhooks/api/list-webhooks.ts";
import { preferencesQueryOptions } from "#web/lib/preferences.ts";
import { subscriptionQueryOptions } from "#web/lib/subscription.ts";
import { prefetchForPerson } from "./prefetch.ts";

export const loader = prefetchForPerson(() => [
  meQueryOptions(),
  subscriptionQueryOptions(),
  billingQueryOptions(),
  calendarIntegrationsQueryOptions(),
  icalFeedQueryOptions(),
  preferencesQueryOptions(),
  sessionsQueryOptions(),
  webhooksQueryOptions(),
]);
