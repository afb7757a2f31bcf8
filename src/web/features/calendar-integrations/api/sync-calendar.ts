import { useMutation, useQueryClient } from "@tanstack/react-query";
import { calendarSyncResult } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidateCalendarViews } from "./get-calendar-integrations.ts";

/** Sync Now: runs one sync of the connection and answers how many events it brought in. */
export const syncCalendar = (connectionId: string) =>
  apiFetch(`/api/calendar-integrations/connections/${encodeURIComponent(connectionId)}/sync`, {
    method: "POST",
    schema: calendarSyncResult,
  });

export function useSyncCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: syncCalendar,
    onSettled: () => invalidateCalendarViews(qc),
  });
}
