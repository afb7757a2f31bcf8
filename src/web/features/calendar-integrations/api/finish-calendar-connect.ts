import {
  type CalendarCallbackBody,
  calendarCallbackResponse,
} from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Hands the provider's answer on /calendar-callback to the server, which stores and syncs the calendar. */
export const finishCalendarConnect = (body: CalendarCallbackBody) =>
  apiFetch("/api/calendar-integrations/callback", {
    method: "POST",
    json: body,
    schema: calendarCallbackResponse,
  });
