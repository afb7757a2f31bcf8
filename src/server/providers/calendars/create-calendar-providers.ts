// The calendar adapters this server can use: one per provider whose OAuth client id and secret are
// both set (env.ts). A provider missing here is "not configured": Settings offers its setup steps.
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import type { Env } from "../../env.ts";
import type { CalendarProvider } from "./calendar-provider.ts";
import { createGoogleCalendar } from "./google.ts";
import { createMicrosoftCalendar } from "./microsoft.ts";
import type { HttpOptions } from "./provider-http.ts";

export type CalendarProviders = Partial<Record<CalendarProviderId, CalendarProvider>>;

type CalendarEnv = Pick<
  Env,
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_AUTH_URL"
  | "GOOGLE_TOKEN_URL"
  | "GOOGLE_CALENDAR_API_URL"
  | "MICROSOFT_CLIENT_ID"
  | "MICROSOFT_CLIENT_SECRET"
  | "MICROSOFT_TENANT"
  | "MICROSOFT_AUTH_URL"
  | "MICROSOFT_TOKEN_URL"
  | "MICROSOFT_GRAPH_URL"
>;

export function calendarProvidersFromEnv(env: CalendarEnv, http?: HttpOptions): CalendarProviders {
  const providers: CalendarProviders = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.google = createGoogleCalendar({
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      apiUrl: env.GOOGLE_CALENDAR_API_URL,
      http,
    });
  }
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    providers.microsoft = createMicrosoftCalendar({
      clientId: env.MICROSOFT_CLIENT_ID,
      clientSecret: env.MICROSOFT_CLIENT_SECRET,
      tenant: env.MICROSOFT_TENANT,
      authUrl: env.MICROSOFT_AUTH_URL,
      tokenUrl: env.MICROSOFT_TOKEN_URL,
      graphUrl: env.MICROSOFT_GRAPH_URL,
      http,
    });
  }
  return providers;
}
