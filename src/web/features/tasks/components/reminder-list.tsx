// The "Reminders" section of the task's edit view (issue 24 point 6, decision 248): the person's own
// reminders on the task, each removable, and a form to add one at a time or some minutes, hours or
// days before the deadline. Each change is saved at once; the server refuses what cannot fire.
import { useState } from "react";
import type { ReminderDto } from "#shared/contracts/reminders.ts";
import { offsetInWords, REMINDER_UNITS, type ReminderUnit } from "#shared/domain/reminders.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError } from "#web/lib/notify.ts";
import { useAddReminder, useRemoveReminder, useTaskReminders } from "../api/task-reminders.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function describeReminder(r: ReminderDto): string {
  const what = r.offsetMinutes !== null ? offsetInWords(r.offsetMinutes) : `At ${when(r.at!)}`;
  if (r.firedAt) return `${what} (sent)`;
  if (r.offsetMinutes !== null && r.dueAt) return `${what} (${when(r.dueAt)})`;
  if (r.offsetMinutes !== null) return `${what} (waits for a deadline)`;
  return what;
}

export function ReminderList({ taskId, hasDeadline }: { taskId: string; hasDeadline: boolean }) {
  const list = useTaskReminders(taskId);
  const add = useAddReminder(taskId);
  const remove = useRemoveReminder(taskId);
  const [mode, setMode] = useState<"before" | "at">(hasDeadline ? "before" : "at");
  const [amount, setAmount] = useState("30");
  const [unit, setUnit] = useState<ReminderUnit>("minutes");
  const [at, setAt] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      if (mode === "before") {
        const n = Number(amount);
        if (!Number.isInteger(n) || n < 1) return setError("Enter a whole number of at least 1.");
        await add.mutateAsync({ before: { amount: n, unit } });
      } else {
        if (!at) return setError("Choose a date and time.");
        await add.mutateAsync({ at: new Date(at).toISOString() });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) setError(err.message);
      else notifyError(err, { fallback: "Failed to add the reminder. Please try again." });
    }
  };

  const reminders = list.data?.reminders ?? [];
  return (
    <div className="space-y-3">
      {list.isPending ? (
        <Spinner className="justify-start" label="Loading reminders" visibleLabel />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger">
          The reminders could not be loaded.
        </p>
      ) : reminders.length === 0 ? (
        <p className="text-sm text-muted">No reminders yet.</p>
      ) : (
        <ul aria-label="Reminders" className="divide-y divide-border rounded-md border border-border">
          {reminders.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">{describeReminder(r)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove reminder: ${describeReminder(r)}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove
                    .mutateAsync(r.id)
                    .catch((err) => notifyError(err, { fallback: "Failed to remove the reminder." }))
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Add a reminder</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`reminder-mode-${taskId}`}
              checked={mode === "before"}
              onChange={() => setMode("before")}
            />
            Before the deadline
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`reminder-mode-${taskId}`}
              checked={mode === "at"}
              onChange={() => setMode("at")}
            />
            At a time
          </label>
        </div>
        {mode === "before" ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-24">
              <Label htmlFor={`reminder-amount-${taskId}`}>Amount</Label>
              <Input
                id={`reminder-amount-${taskId}`}
                type="number"
                min={1}
                max={999}
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
            <div className="w-32">
              <Label htmlFor={`reminder-unit-${taskId}`}>Unit</Label>
              <NativeSelect
                id={`reminder-unit-${taskId}`}
                value={unit}
                onChange={(e) => setUnit(e.target.value as ReminderUnit)}
              >
                {REMINDER_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {!hasDeadline && <p className="w-full text-xs text-muted">Set and save a deadline first.</p>}
          </div>
        ) : (
          <div className="max-w-xs">
            <Label htmlFor={`reminder-at-${taskId}`}>Remind me at</Label>
            <Input
              id={`reminder-at-${taskId}`}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={add.isPending}
          aria-busy={add.isPending || undefined}
          onClick={() => void submit()}
        >
          {add.isPending ? "Adding..." : "Add reminder"}
        </Button>
      </fieldset>
    </div>
  );
}
