// The person's reminders on a task: GET, POST and DELETE /api/tasks/:id/reminders. Each write
// refetches the list (the server computes when a reminder is due).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReminderCreateBody, reminderDto, reminderListResponse } from "#shared/contracts/reminders.ts";
import { apiFetch, apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const base = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/reminders`;

export const useTaskReminders = (taskId: string) =>
  useQuery({
    queryKey: queryKeys.tasks.reminders(taskId),
    queryFn: ({ signal }) => apiFetch(base(taskId), { signal, schema: reminderListResponse }),
  });

export function useAddReminder(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderCreateBody) =>
      apiFetch(base(taskId), { method: "POST", json: body, schema: reminderDto }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.reminders(taskId) }),
  });
}

export function useRemoveReminder(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reminderId: string) =>
      apiSend(`${base(taskId)}/${encodeURIComponent(reminderId)}`, { method: "DELETE" }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.reminders(taskId) }),
  });
}
