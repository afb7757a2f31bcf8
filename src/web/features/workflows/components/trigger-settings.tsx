// The trigger's settings, one component per trigger type, each typed by that type's shared
// `TriggerConfigs` entry: it receives the settings and hands back new ones of the same type. A
// schedule lists the next five times it fires, in its own time zone.
import { useMemo } from "react";
import type { TriggerConfigs } from "#shared/contracts/workflows.ts";
import { nextRuns, type Schedule, WEEKDAY_NAMES } from "#shared/domain/workflow-rules.ts";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { oneOf, type TriggerDraft } from "../workflow-draft.ts";
import {
  CategorySelect,
  ChoiceSelect,
  type FieldError,
  MilestoneSelect,
  ProjectSelect,
  StatusSelect,
} from "./setting-fields.tsx";

type SettingsProps<K extends keyof TriggerConfigs> = {
  id: string;
  config: TriggerConfigs[K];
  onChange: (config: TriggerConfigs[K]) => void;
  error: FieldError;
};

export function TriggerSettings({
  id,
  trigger,
  onChange,
  error,
}: {
  id: string;
  trigger: TriggerDraft;
  onChange: (trigger: TriggerDraft) => void;
  /** The error of a field of the trigger's settings, by its path inside them. */
  error: FieldError;
}) {
  switch (trigger.type) {
    case "task_status":
      return (
        <TaskStatusSettings
          id={id}
          config={trigger.config}
          onChange={(config) => onChange({ type: "task_status", config })}
          error={error}
        />
      );
    case "calendar_event":
      return (
        <CalendarSettings
          id={id}
          config={trigger.config}
          onChange={(config) => onChange({ type: "calendar_event", config })}
          error={error}
        />
      );
    case "time_based":
      return (
        <ScheduleSettings
          id={id}
          config={trigger.config}
          onChange={(config) => onChange({ type: "time_based", config })}
          error={error}
        />
      );
    case "project_milestone":
      return (
        <MilestoneSettings
          id={id}
          config={trigger.config}
          onChange={(config) => onChange({ type: "project_milestone", config })}
          error={error}
        />
      );
  }
}

function TaskStatusSettings({ id, config: c, onChange, error }: SettingsProps<"task_status">) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <StatusSelect
        id={`${id}-from`}
        label="From status"
        value={c.fromStatus}
        onChange={(fromStatus) => onChange({ ...c, fromStatus })}
        error={error("fromStatus")}
      />
      <StatusSelect
        id={`${id}-to`}
        label="To status"
        value={c.toStatus}
        onChange={(toStatus) => onChange({ ...c, toStatus })}
        error={error("toStatus")}
      />
      <CategorySelect
        id={`${id}-cat`}
        label="Category"
        value={c.category}
        onChange={(category) => onChange({ ...c, category })}
        error={error("category")}
      />
      <ProjectSelect
        id={`${id}-proj`}
        label="Project"
        none="Any project (my own changes)"
        value={c.projectId}
        onChange={(projectId) => onChange({ ...c, projectId })}
        error={error("projectId")}
      />
    </div>
  );
}

const CALENDAR_KINDS: readonly TriggerConfigs["calendar_event"]["kind"][] = ["starts_within", "new_event"];

function CalendarSettings({ id, config: c, onChange, error }: SettingsProps<"calendar_event">) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FormField id={`${id}-ckind`} label="When">
        <NativeSelect
          id={`${id}-ckind`}
          value={c.kind}
          onChange={(ev) => {
            const kind = oneOf(CALENDAR_KINDS, ev.target.value);
            // The keyword carries over; a new event needs one, an event starting soon may have one.
            if (kind === "new_event") onChange({ kind, keyword: c.keyword ?? "" });
            if (kind === "starts_within") onChange({ kind, minutes: 30, keyword: c.keyword || undefined });
          }}
        >
          <option value="starts_within">An event starts soon</option>
          <option value="new_event">A new event appears</option>
        </NativeSelect>
      </FormField>
      {c.kind === "starts_within" && (
        <FormField id={`${id}-mins`} label="Minutes before it starts" error={error("minutes")}>
          <Input
            {...fieldA11y(`${id}-mins`, error("minutes"))}
            type="number"
            min={1}
            max={1440}
            value={c.minutes}
            onChange={(ev) => onChange({ ...c, minutes: Number(ev.target.value) })}
          />
        </FormField>
      )}
      <FormField
        id={`${id}-kw`}
        label={c.kind === "new_event" ? "Title contains" : "Title contains (optional)"}
        error={error("keyword")}
      >
        <Input
          {...fieldA11y(`${id}-kw`, error("keyword"))}
          value={c.keyword ?? ""}
          onChange={(ev) =>
            onChange(
              c.kind === "new_event"
                ? { ...c, keyword: ev.target.value }
                : { ...c, keyword: ev.target.value || undefined },
            )
          }
        />
      </FormField>
    </div>
  );
}

const MILESTONE_KINDS: readonly TriggerConfigs["project_milestone"]["kind"][] = [
  "milestone_done",
  "category_cleared",
  "tasks_completed",
];

function MilestoneSettings({ id, config: c, onChange, error }: SettingsProps<"project_milestone">) {
  const category = c.kind === "milestone_done" ? "General" : c.category;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FormField id={`${id}-mkind`} label="Milestone">
        <NativeSelect
          id={`${id}-mkind`}
          value={c.kind}
          onChange={(ev) => {
            const kind = oneOf(MILESTONE_KINDS, ev.target.value);
            if (kind === "milestone_done") onChange({ kind, projectId: "", milestoneId: "" });
            if (kind === "tasks_completed") onChange({ kind, category, count: 5 });
            if (kind === "category_cleared") onChange({ kind, category });
          }}
        >
          <option value="milestone_done">A project milestone is done</option>
          <option value="category_cleared">Last open task of a category done</option>
          <option value="tasks_completed">A number of tasks completed</option>
        </NativeSelect>
      </FormField>
      {c.kind === "milestone_done" ? (
        <>
          <ProjectSelect
            id={`${id}-mproj`}
            label="Project"
            value={c.projectId || undefined}
            onChange={(projectId) => onChange({ ...c, projectId: projectId ?? "", milestoneId: "" })}
            error={error("projectId")}
          />
          <MilestoneSelect
            id={`${id}-mstone`}
            label="Project milestone"
            projectId={c.projectId || undefined}
            value={c.milestoneId || undefined}
            onChange={(milestoneId) => onChange({ ...c, milestoneId: milestoneId ?? "" })}
            error={error("milestoneId")}
          />
        </>
      ) : (
        <CategorySelect
          id={`${id}-mcat`}
          label="Category"
          value={c.category}
          required
          onChange={(next) => next && onChange({ ...c, category: next })}
          error={error("category")}
        />
      )}
      {c.kind === "tasks_completed" && (
        <FormField id={`${id}-count`} label="Tasks completed" error={error("count")}>
          <Input
            {...fieldA11y(`${id}-count`, error("count"))}
            type="number"
            min={1}
            max={1000}
            value={c.count}
            onChange={(ev) => onChange({ ...c, count: Number(ev.target.value) })}
          />
        </FormField>
      )}
    </div>
  );
}

const SCHEDULE_KINDS: readonly Schedule["kind"][] = ["daily", "weekdays", "weekly", "cron"];
const WEEKDAYS = WEEKDAY_NAMES.map((name, day) => ({ name, day: String(day) }));

function ScheduleSettings({ id, config, onChange, error }: SettingsProps<"time_based">) {
  const { schedule, timeZone } = config;
  const setSchedule = (next: Schedule) => onChange({ ...config, schedule: next });
  const upcoming = useMemo(() => {
    try {
      return nextRuns(schedule, timeZone, new Date(), 5);
    } catch {
      return [];
    }
  }, [schedule, timeZone]);
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone });
    } catch {
      return null;
    }
  }, [timeZone]);
  const time = schedule.kind === "cron" ? "09:00" : schedule.time;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-skind`} label="Repeat">
          <NativeSelect
            id={`${id}-skind`}
            value={schedule.kind}
            onChange={(ev) => {
              const kind = oneOf(SCHEDULE_KINDS, ev.target.value);
              if (kind === "cron") setSchedule({ kind, cron: "0 9 * * 1-5" });
              else if (kind === "weekly") setSchedule({ kind, day: 1, time });
              else if (kind) setSchedule({ kind, time });
            }}
          >
            <option value="daily">Every day</option>
            <option value="weekdays">Every weekday</option>
            <option value="weekly">Every week</option>
            <option value="cron">Cron expression</option>
          </NativeSelect>
        </FormField>
        {schedule.kind === "weekly" && (
          <ChoiceSelect
            id={`${id}-day`}
            label="Day"
            required
            value={String(schedule.day)}
            options={WEEKDAYS.map((d) => d.day)}
            show={(day) => WEEKDAYS[Number(day)]?.name ?? day}
            onChange={(day) => day && setSchedule({ ...schedule, day: Number(day) })}
          />
        )}
        {schedule.kind === "cron" ? (
          <FormField
            id={`${id}-cron`}
            label="Cron (minute hour day month weekday)"
            error={error("schedule.cron")}
          >
            <Input
              {...fieldA11y(`${id}-cron`, error("schedule.cron"))}
              value={schedule.cron}
              onChange={(ev) => setSchedule({ kind: "cron", cron: ev.target.value })}
            />
          </FormField>
        ) : (
          <FormField id={`${id}-time`} label="Time" error={error("schedule.time")}>
            <Input
              {...fieldA11y(`${id}-time`, error("schedule.time"))}
              type="time"
              value={schedule.time}
              onChange={(ev) => setSchedule({ ...schedule, time: ev.target.value })}
            />
          </FormField>
        )}
        <FormField id={`${id}-tz`} label="Time zone" error={error("timeZone")}>
          <Input
            {...fieldA11y(`${id}-tz`, error("timeZone"))}
            value={timeZone}
            onChange={(ev) => onChange({ ...config, timeZone: ev.target.value })}
          />
        </FormField>
      </div>
      <div>
        <p className="text-sm font-medium">Next 5 runs</p>
        {upcoming.length && format ? (
          <ul className="mt-1 text-sm text-muted" aria-label="Next 5 runs">
            {upcoming.map((d) => (
              <li key={d.toISOString()}>
                <time dateTime={d.toISOString()}>{format.format(d)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted">Enter a valid schedule to see when it runs.</p>
        )}
      </div>
    </div>
  );
}
