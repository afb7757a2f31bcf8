// POST /api/reminders/:id/snooze, from a reminder's notification: 10 minutes, an hour, or tomorrow
// at 9:00 in this browser's time zone.
import { useMutation } from "@tanstack/react-query";
import { type ReminderSnoozeBody, reminderDto } from "#shared/contracts/reminders.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export const snoozeReminder = (reminderId: string, choice: ReminderSnoozeBody["for"]) =>
  apiFetch(`/api/reminders/${encodeURIComponent(reminderId)}/snooze`, {
    method: "POST",
    json: { for: choice, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    schema: reminderDto,
  });

export const useSnoozeReminder = () =>
  useMutation({
    mutationFn: ({ reminderId, choice }: { reminderId: string; choice: ReminderSnoozeBody["for"] }) =>
      snoozeReminder(reminderId, choice),
  });
