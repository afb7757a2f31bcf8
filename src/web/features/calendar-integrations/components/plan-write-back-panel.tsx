// Settings → Calendar: "Write accepted plan blocks to my calendar" (decision 185). Choosing a
// connection that has not granted the write scope sends the browser to the provider's consent
// (asked for only now); once back, accepted blocks appear there as events marked as Kairo's.
import { useId } from "react";
import type { CalendarConnectionSummary } from "#shared/contracts/calendar-integrations.ts";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { toast } from "#web/lib/notify.ts";
import { usePlanWriteBack, useSavePlanWriteBack } from "../api/plan-write-back.ts";

export function PlanWriteBackPanel({
  connections,
  providerName,
}: {
  connections: CalendarConnectionSummary[];
  providerName: (id: string) => string;
}) {
  const id = useId();
  const hint = useId();
  const calendarSelect = useId();
  const calendarHint = useId();
  const current = usePlanWriteBack();
  const save = useSavePlanWriteBack();
  if (connections.length === 0) return null;
  const value = current.data?.connectionId ?? "";
  const calendars = current.data?.calendars ?? [];
  const chooseCalendar = (calendarId: string) =>
    save.mutate(
      { connectionId: value, calendarId },
      {
        onSuccess: (saved) => {
          const name = saved.calendars.find((c) => c.id === saved.calendarId)?.name;
          toast.success(name ? `Plan blocks are written to ${name}` : "Plan blocks calendar changed");
        },
        onError: (err) => toast.error("Could not change the calendar", { description: err.message }),
      },
    );
  return (
    <div className="mt-6 flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Write accepted plan blocks to my calendar
      </label>
      <NativeSelect
        id={id}
        aria-describedby={hint}
        value={value}
        disabled={current.isPending || save.isPending}
        onChange={(e) =>
          save.mutate(
            { connectionId: e.target.value || null },
            {
              onSuccess: (saved) => {
                if (saved.authUrl) window.location.assign(saved.authUrl);
                else
                  toast.success(
                    saved.connectionId
                      ? "Plan blocks are written to your calendar"
                      : "Plan blocks are no longer written",
                  );
              },
              onError: (err) => toast.error("Could not change this setting", { description: err.message }),
            },
          )
        }
      >
        <option value="">Off</option>
        {connections.map((c) => (
          <option key={c.id} value={c.id}>
            {providerName(c.provider)}: {c.calendarEmail}
          </option>
        ))}
      </NativeSelect>
      <p id={hint} className="text-sm text-muted">
        Accepted blocks become events in the calendar chosen below (at first the account's main calendar),
        free while there is slack and busy once a deadline is at risk. Turning this on asks the provider for
        permission to write events; Kairo changes only the events it created. Move or delete one there and the
        plan follows.
      </p>
      {value && (
        <div className="mt-2 flex flex-col gap-2">
          <label htmlFor={calendarSelect} className="text-sm font-medium">
            Calendar for plan blocks
          </label>
          {calendars.length > 0 ? (
            <NativeSelect
              id={calendarSelect}
              aria-describedby={calendarHint}
              value={current.data?.calendarId ?? ""}
              disabled={save.isPending}
              onChange={(e) => chooseCalendar(e.target.value)}
            >
              {calendars.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.primary ? `${c.name} (main calendar)` : c.name}
                </option>
              ))}
            </NativeSelect>
          ) : null}
          <p
            id={calendarHint}
            className="text-sm text-muted"
            role={current.data?.calendarsError ? "alert" : undefined}
          >
            {current.data?.calendarsError ??
              "Only calendars you may add events to are listed. Changing it moves Kairo's events to the new calendar."}
          </p>
        </div>
      )}
    </div>
  );
}
