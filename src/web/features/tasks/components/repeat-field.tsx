// The task form's "Repeat" control (issue 24, point 1; decision 237): presets or a custom RRULE, an
// end (never, on a date, after N times), "on schedule" or "after completion", the rule in words,
// what happens at month ends, and the next five dates (computed by recurrence.ts, loaded on demand).
import { useEffect, useId, useState } from "react";
import {
  defaultRepeatForm,
  formToRecurrence,
  MONTH_ORDINALS,
  type MonthOrdinal,
  REPEAT_PRESET_LABELS,
  REPEAT_PRESETS,
  type RepeatForm,
  type RepeatPreset,
} from "#shared/domain/recurrence-presets.ts";
import {
  checkRecurrenceShape,
  type Recurrence,
  WEEKDAYS,
  type Weekday,
} from "#shared/domain/recurrence-rule.ts";
import { describeRecurrence, monthEndNote } from "#shared/domain/recurrence-words.ts";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";

const DAY_LABELS: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const ORDINAL_LABELS: Record<MonthOrdinal, string> = {
  1: "First",
  2: "Second",
  3: "Third",
  4: "Fourth",
  [-1]: "Last",
};
const UNIT: Partial<Record<RepeatPreset, string>> = {
  daily: "days",
  "every-n-weeks": "weeks",
  "monthly-day": "months",
  "monthly-weekday": "months",
  yearly: "years",
};

/** The person's IANA zone, where their series' dates are placed. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The form's problem with a repeat choice (the part named), or null. */
export function repeatIssue(form: RepeatForm, start: string, timeZone: string): string | null {
  const shape = checkRecurrenceShape(formToRecurrence(form, start, timeZone));
  return "issue" in shape ? shape.issue.message : null;
}

export function RepeatField({
  value,
  onChange,
  start,
  timeZone,
  error,
}: {
  value: RepeatForm | null;
  onChange: (v: RepeatForm | null) => void;
  /** The first date's wall clock ("2026-12-01T09:00"): the deadline, or a default. */
  start: string;
  timeZone: string;
  error?: string;
}) {
  const id = useId();
  const set = (patch: Partial<RepeatForm>) => value && onChange({ ...value, ...patch });
  const recurrence = value ? formToRecurrence(value, start, timeZone) : null;
  const issue = value ? (error ?? repeatIssue(value, start, timeZone)) : null;
  const words = recurrence && !issue ? describeRecurrence(recurrence) : null;
  const note = recurrence && !issue ? monthEndNote(recurrence) : null;
  const [next, setNext] = useState<{ key: string; dates: string[] | null; problem: string | null }>();
  const key = recurrence ? JSON.stringify(recurrence) : "";

  useEffect(() => {
    if (!key || issue) return;
    const r = JSON.parse(key) as Recurrence;
    let live = true;
    void import("#shared/domain/recurrence.ts").then((m) => {
      if (!live) return;
      const problem = m.validateRecurrence(r);
      setNext({
        key,
        problem: problem?.message ?? null,
        dates: problem ? null : m.nextDatesInWords(r, new Date(Date.now() - 60_000), 5),
      });
    });
    return () => {
      live = false;
    };
  }, [key, issue]);
  const shown = next?.key === key ? next : null;
  const problem = issue ?? shown?.problem ?? null;

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">Repeat</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-preset`} className="text-sm font-medium">
          Repeats
        </label>
        <NativeSelect
          id={`${id}-preset`}
          value={value?.preset ?? "none"}
          onChange={(e) => {
            const preset = e.target.value;
            if (preset === "none") onChange(null);
            else
              onChange({
                ...defaultRepeatForm(start, preset as RepeatPreset),
                ...(value ? { end: value.end, afterCompletion: value.afterCompletion } : {}),
              });
          }}
        >
          <option value="none">Does not repeat</option>
          {REPEAT_PRESETS.map((p) => (
            <option key={p} value={p}>
              {REPEAT_PRESET_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </div>

      {value && (
        <>
          {UNIT[value.preset] && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-interval`} className="text-sm font-medium">
                Every how many {UNIT[value.preset]}
              </label>
              <Input
                id={`${id}-interval`}
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                value={value.interval}
                onChange={(e) => set({ interval: Number(e.target.value) || 1 })}
                className="w-28"
              />
            </div>
          )}

          {(value.preset === "weekly" || value.preset === "every-n-weeks") && (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="text-sm font-medium">On these days</legend>
              <div className="flex flex-wrap gap-x-3 gap-y-1">
                {WEEKDAYS.map((d) => (
                  <label key={d} className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                    <input
                      type="checkbox"
                      className="size-4 accent-accent"
                      checked={value.weekdays.includes(d)}
                      onChange={(e) =>
                        set({
                          weekdays: e.target.checked
                            ? [...value.weekdays, d]
                            : value.weekdays.filter((x) => x !== d),
                        })
                      }
                    />
                    {DAY_LABELS[d]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {value.preset === "monthly-day" && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-monthday`} className="text-sm font-medium">
                Day of the month
              </label>
              <NativeSelect
                id={`${id}-monthday`}
                value={value.monthDay}
                onChange={(e) => set({ monthDay: Number(e.target.value) })}
              >
                {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
                <option value={-1}>Last day of the month</option>
              </NativeSelect>
            </div>
          )}

          {value.preset === "monthly-weekday" && (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-ordinal`} className="text-sm font-medium">
                  Which one
                </label>
                <NativeSelect
                  id={`${id}-ordinal`}
                  value={value.ordinal}
                  onChange={(e) => set({ ordinal: Number(e.target.value) as MonthOrdinal })}
                >
                  {MONTH_ORDINALS.map((o) => (
                    <option key={o} value={o}>
                      {ORDINAL_LABELS[o]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-weekday`} className="text-sm font-medium">
                  Weekday
                </label>
                <NativeSelect
                  id={`${id}-weekday`}
                  value={value.weekday}
                  onChange={(e) => set({ weekday: e.target.value as Weekday })}
                >
                  {WEEKDAYS.map((d) => (
                    <option key={d} value={d}>
                      {DAY_LABELS[d]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
          )}

          {value.preset === "custom" && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-custom`} className="text-sm font-medium">
                Custom rule (iCalendar RRULE)
              </label>
              <Input
                id={`${id}-custom`}
                value={value.custom}
                spellCheck={false}
                autoComplete="off"
                placeholder="FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3"
                onChange={(e) => set({ custom: e.target.value })}
              />
            </div>
          )}

          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium">Ends</legend>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name={`${id}-end`}
                  className="accent-accent"
                  checked={value.end.kind === "never"}
                  onChange={() => set({ end: { kind: "never" } })}
                />
                Never
              </label>
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name={`${id}-end`}
                  className="accent-accent"
                  checked={value.end.kind === "on"}
                  onChange={() => set({ end: { kind: "on", date: start.slice(0, 10) } })}
                />
                On a date
              </label>
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name={`${id}-end`}
                  className="accent-accent"
                  checked={value.end.kind === "after"}
                  onChange={() => set({ end: { kind: "after", count: 10 } })}
                />
                After a number of times
              </label>
            </div>
            {value.end.kind === "on" && (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-until`} className="text-sm">
                  Last date
                </label>
                <Input
                  id={`${id}-until`}
                  type="date"
                  value={value.end.date}
                  onChange={(e) => set({ end: { kind: "on", date: e.target.value } })}
                  className="w-44"
                />
              </div>
            )}
            {value.end.kind === "after" && (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-count`} className="text-sm">
                  Number of times
                </label>
                <Input
                  id={`${id}-count`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={10000}
                  value={value.end.count}
                  onChange={(e) => set({ end: { kind: "after", count: Number(e.target.value) || 1 } })}
                  className="w-28"
                />
              </div>
            )}
          </fieldset>

          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium">Next date counts from</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  className="accent-accent"
                  checked={!value.afterCompletion}
                  onChange={() => set({ afterCompletion: false })}
                />
                Repeat on schedule
              </label>
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  className="accent-accent"
                  checked={value.afterCompletion}
                  onChange={() => set({ afterCompletion: true })}
                />
                Repeat after completion
              </label>
            </div>
          </fieldset>

          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : (
            <div className="flex flex-col gap-1 text-sm" aria-live="polite">
              {words && <p className="font-medium">{words}</p>}
              {note && <p className="text-xs text-muted">{note}</p>}
              <p className="text-xs text-muted">
                {value.afterCompletion ? "Next five dates if each is done on its day:" : "Next five dates:"}
              </p>
              {shown?.dates ? (
                <ol className="list-inside list-decimal text-xs">
                  {shown.dates.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ol>
              ) : (
                <p className="text-xs text-muted">Working out the dates…</p>
              )}
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
