import { useMutation, useQueryClient } from "@tanstack/react-query";
import { calendarDisconnected } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidateCalendarViews } from "./get-calendar-integrations.ts";

/** Disconnects a calendar: its tokens and synced events are deleted on the server. */
export const disconnectCalendar = (connectionId: string) =>
  apiFetch(`/api/calendar-integrations/connections/${encodeURIComponent(connectionId)}`, {
    method: "DELETE",
    schema: calendarDisconnected,
  });

export function useDisconnectCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disconnectCalendar,
    onSettled: () => invalidateCalendarViews(qc),
  });
}
