// Settings → Planning: working hours per weekday in the person's time zone, focus hours (with the
// Patterns tab's peak hours as a suggestion), lunch, the shortest and longest block, the buffer and
// the daily cap, which a high burnout strain lowers (the reason is shown). Saved on the server.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { DayWindowDto, PlanningPreferences } from "#shared/contracts/planner.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { planningPreferencesQueryOptions, useSavePlanningPreferences } from "../api/planner-api.ts";

/** Monday first, as the week reads; the keys are the server's (0 Sunday .. 6 Saturday). */
const WEEKDAYS = [
  ["1", "Monday"],
  ["2", "Tuesday"],
  ["3", "Wednesday"],
  ["4", "Thursday"],
  ["5", "Friday"],
  ["6", "Saturday"],
  ["0", "Sunday"],
] as const;
type DayKey = (typeof WEEKDAYS)[number][0];

function WindowInputs({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: DayWindowDto;
  onChange: (w: DayWindowDto) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={`${id}-from`} className="sr-only">
        {label} from
      </Label>
      <Input
        id={`${id}-from`}
        type="time"
        className="h-9 w-28"
        value={value.start}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, start: e.target.value })}
      />
      <span aria-hidden="true">-</span>
      <Label htmlFor={`${id}-to`} className="sr-only">
        {label} until
      </Label>
      <Input
        id={`${id}-to`}
        type="time"
        className="h-9 w-28"
        value={value.end === "24:00" ? "23:59" : value.end}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, end: e.target.value })}
      />
    </div>
  );
}

function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 5,
  hint,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  min: number;
  max: number;
  step?: number;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? value : ""}
        onChange={(e) => onChange(e.target.valueAsNumber)}
        className="h-9 w-32"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

const NINE_TO_FIVE: DayWindowDto = { start: "09:00", end: "17:00" };

export function PlanningSettings() {
  const query = useQuery({ ...planningPreferencesQueryOptions(), throwOnError: throwWhenEmpty });
  const save = useSavePlanningPreferences();
  const [draft, setDraft] = useState<PlanningPreferences | null>(null);
  const zoneId = useId();
  useEffect(() => {
    if (query.data && !draft) setDraft(query.data.preferences);
  }, [query.data, draft]);

  const data = query.data;
  const set = (patch: Partial<PlanningPreferences>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setDay = (key: DayKey, windows: DayWindowDto[] | undefined) =>
    setDraft((d) => {
      if (!d) return d;
      const workingHours = { ...d.workingHours };
      if (windows) workingHours[key] = windows;
      else delete workingHours[key];
      return { ...d, workingHours };
    });

  return (
    <section aria-labelledby="planning-heading" className="rounded-lg border border-border bg-background p-6">
      <h2 id="planning-heading" className="text-lg font-semibold">
        Planning
      </h2>
      <p className="mt-1 text-sm text-muted">
        When Kairo may plan work for you: Plan my week and Plan my day only place blocks inside these hours.
      </p>
      {!data || !draft ? (
        <Spinner className="mt-5 justify-start" label="Loading..." visibleLabel />
      ) : (
        <form
          className="mt-5 flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor={zoneId}>Time zone</Label>
            <Input
              id={zoneId}
              className="h-9 max-w-xs"
              value={draft.timeZone}
              onChange={(e) => set({ timeZone: e.target.value })}
            />
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Working hours</legend>
            {WEEKDAYS.map(([key, name]) => {
              const windows = draft.workingHours[key];
              const on = !!windows?.length;
              return (
                <div key={key} className="flex flex-wrap items-center gap-3">
                  <label className="flex w-32 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={(e) => setDay(key, e.target.checked ? [NINE_TO_FIVE] : undefined)}
                    />
                    {name}
                  </label>
                  {on && (
                    <WindowInputs
                      label={`${name} working hours`}
                      value={windows[0]!}
                      onChange={(w) => setDay(key, [w, ...windows.slice(1)])}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>

          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Focus hours</legend>
            <p className="text-xs text-muted">
              Demanding work (development, design, research) goes here first.
            </p>
            <WindowInputs
              label="Focus hours"
              value={draft.focusHours[0] ?? { start: "09:00", end: "11:00" }}
              onChange={(w) => set({ focusHours: [w] })}
            />
            {data.suggestedFocusHours && (
              <p className="text-xs text-muted">
                Your peak hours on the Patterns tab are {data.suggestedFocusHours.start}-
                {data.suggestedFocusHours.end}.{" "}
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto text-xs"
                  onClick={() => set({ focusHours: [data.suggestedFocusHours!] })}
                >
                  Use them as focus hours
                </Button>
              </p>
            )}
          </fieldset>

          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Lunch break</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={!!draft.lunch}
                onChange={(e) => set({ lunch: e.target.checked ? { start: "12:00", end: "13:00" } : null })}
              />
              Keep a lunch break free
            </label>
            {draft.lunch && (
              <WindowInputs label="Lunch break" value={draft.lunch} onChange={(w) => set({ lunch: w })} />
            )}
          </fieldset>

          <div className="flex flex-wrap gap-4">
            <NumberField
              label="Shortest block (minutes)"
              value={draft.minBlockMinutes}
              min={5}
              max={480}
              onChange={(n) => set({ minBlockMinutes: n })}
            />
            <NumberField
              label="Longest block (minutes)"
              value={draft.maxBlockMinutes}
              min={5}
              max={480}
              onChange={(n) => set({ maxBlockMinutes: n })}
            />
            <NumberField
              label="Buffer between blocks (minutes)"
              value={draft.bufferMinutes}
              min={0}
              max={60}
              onChange={(n) => set({ bufferMinutes: n })}
            />
            <NumberField
              label="Daily cap (hours)"
              value={draft.dailyCapMinutes / 60}
              min={0.5}
              max={16}
              step={0.5}
              onChange={(n) => set({ dailyCapMinutes: Math.round((n * 60) / 5) * 5 })}
              hint={`Planned now: at most ${Math.round((data.effectiveDailyCapMinutes / 60) * 10) / 10} hours a day.`}
            />
          </div>
          {data.capNote && <Alert tone="info">{`Lowered: ${data.capNote}.`}</Alert>}

          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save planning preferences"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
