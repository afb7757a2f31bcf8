// Open and Snooze on a reminder's notification (issue 24 point 6, decision 248): snooze for 10
// minutes, an hour, or until 9:00 tomorrow in this browser's time zone. A missed reminder offers Open.
import { useState } from "react";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import type { SnoozeChoice } from "#shared/domain/reminders.ts";
import { Button } from "#web/components/ui/button.tsx";
import { notifyError } from "#web/lib/notify.ts";
import { useSnoozeReminder } from "../api/snooze-reminder.ts";

const CHOICES: { choice: SnoozeChoice; label: string; done: string }[] = [
  { choice: "10m", label: "10 min", done: "for 10 minutes" },
  { choice: "1h", label: "1 hour", done: "for an hour" },
  { choice: "tomorrow", label: "Tomorrow 9:00", done: "until tomorrow at 9:00" },
];

export function ReminderActions({
  notification: n,
  onOpen,
}: {
  notification: NotificationDto;
  onOpen: () => void;
}) {
  const snooze = useSnoozeReminder();
  const [snoozed, setSnoozed] = useState<string | null>(null);
  const task = n.title.replace(/^(Late reminder|Reminder|Missed reminder): /, "");
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5">
      {n.link && (
        <Button variant="outline" size="sm" aria-label={`Open ${task}`} onClick={onOpen}>
          Open
        </Button>
      )}
      {n.reminderId &&
        (snoozed ? (
          <p role="status" className="text-xs text-muted">
            Snoozed {snoozed}.
          </p>
        ) : (
          CHOICES.map((c) => (
            <Button
              key={c.choice}
              variant="ghost"
              size="sm"
              aria-label={`Snooze ${task} ${c.done}`}
              disabled={snooze.isPending}
              onClick={() =>
                snooze
                  .mutateAsync({ reminderId: n.reminderId!, choice: c.choice })
                  .then(() => setSnoozed(c.done))
                  .catch((err) => notifyError(err, { fallback: "Failed to snooze the reminder." }))
              }
            >
              Snooze {c.label}
            </Button>
          ))
        ))}
    </div>
  );
}
