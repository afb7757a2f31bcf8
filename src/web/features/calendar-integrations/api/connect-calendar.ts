import { useMutation } from "@tanstack/react-query";
import { calendarConnectResponse } from "#shared/contracts/calendar-integrations.ts";
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Starts the provider's sign-in: the address to send the browser to, and the addresses it expects. */
export const connectCalendar = (provider: CalendarProviderId) =>
  apiFetch("/api/calendar-integrations/connect", {
    method: "POST",
    json: { provider },
    schema: calendarConnectResponse,
  });

export const useConnectCalendar = () => useMutation({ mutationFn: connectCalendar });
