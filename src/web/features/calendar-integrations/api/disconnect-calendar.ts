import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { invalidateCalendarViews } from "./get-calendar-integrations.ts";

/** Disconnects a calendar: its tokens and synced events are deleted on the server. */
export const disconnectCalendar = (connectionId: string) =>
  apiFetch<{ disconnected: true }>(
    `/api/calendar-integrations/connections/${encodeURIComponent(connectionId)}`,
    {
      method: "DELETE",
    },
  );

export function useDisconnectCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disconnectCalendar,
    onSettled: () => invalidateCalendarViews(qc),
  });
}
