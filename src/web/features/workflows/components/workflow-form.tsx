// Create New: name, description, the trigger with its settings, the actions (add, remove, reorder;
// new ones start as "create a task") with theirs, and Create Workflow. The shared schema checks the
// form as the server will; a scheduled trigger lists the next five times it fires.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { type WorkflowCreateBody, workflowCreateBody } from "#shared/contracts/workflows.ts";
import { TASK_CATEGORIES, TASK_PRIORITIES, TASK_STATUSES } from "#shared/domain/tasks.ts";
import {
  ACTION_LABELS,
  ACTION_TYPES,
  type ActionType,
  DEFAULT_ACTION_TYPE,
  nextRuns,
  type Schedule,
  TRIGGER_LABELS,
  TRIGGER_TYPES,
  type TriggerType,
  WEEKDAY_NAMES,
} from "#shared/domain/workflow-rules.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField, fieldA11y } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyFailure, notifySuccess } from "../../../lib/notify.ts";
import { useCreateWorkflow } from "../api/create-workflow.ts";

type Config = Record<string, unknown>;
export type Draft = {
  name: string;
  description: string;
  triggerType: TriggerType;
  triggerConfig: Config;
  actions: { key: number; type: ActionType; config: Config }[];
  templateId?: string;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
let keys = 0;
const nextKey = () => ++keys;

export const DEFAULT_TRIGGER_CONFIG: Record<TriggerType, () => Config> = {
  task_status: () => ({ toStatus: "completed" }),
  calendar_event: () => ({ kind: "starts_within", minutes: 30 }),
  time_based: () => ({ schedule: { kind: "weekdays", time: "09:00" }, timeZone: browserZone() }),
  project_milestone: () => ({ kind: "category_cleared", category: "General" }),
};
const DEFAULT_ACTION_CONFIG: Record<ActionType, () => Config> = {
  create_task: () => ({ title: "" }),
  update_task_status: () => ({ target: "trigger", status: "completed" }),
  send_notification: () => ({ title: "" }),
  generate_report: () => ({ period: "week" }),
};

export const emptyDraft = (): Draft => ({
  name: "",
  description: "",
  triggerType: "task_status",
  triggerConfig: DEFAULT_TRIGGER_CONFIG.task_status(),
  actions: [
    { key: nextKey(), type: DEFAULT_ACTION_TYPE, config: DEFAULT_ACTION_CONFIG[DEFAULT_ACTION_TYPE]() },
  ],
});

/** A template's definition as a draft; a schedule takes the person's own time zone. */
export function draftFrom(t: {
  id: string;
  name: string;
  description: string;
  triggerType: TriggerType;
  triggerConfig: Config;
  actions: { type: ActionType; config: Config }[];
}): Draft {
  const triggerConfig =
    t.triggerType === "time_based" ? { ...t.triggerConfig, timeZone: browserZone() } : t.triggerConfig;
  return {
    name: t.name,
    description: t.description,
    triggerType: t.triggerType,
    triggerConfig,
    actions: t.actions.map((a) => ({ key: nextKey(), type: a.type, config: { ...a.config } })),
    templateId: t.id,
  };
}

function toBody(d: Draft): unknown {
  return {
    ...(d.name.trim() ? { name: d.name.trim() } : {}),
    ...(d.description.trim() ? { description: d.description.trim() } : {}),
    triggerType: d.triggerType,
    triggerConfig: d.triggerConfig,
    actions: d.actions.map(({ type, config }) => ({ type, config: clean(config) })),
    ...(d.templateId ? { templateId: d.templateId } : {}),
  };
}

/** Empty optional fields are left out rather than sent as "". */
function clean(c: Config): Config {
  return Object.fromEntries(
    Object.entries(c).filter(([k, v]) => v !== "" && v !== undefined && !(k === "filter" && v === null)),
  );
}

export function WorkflowForm({
  draft,
  onChange,
  onCreated,
  onPlanLimit,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  onCreated: () => void;
  onPlanLimit: (plan: "pro" | "team") => void;
}) {
  const id = useId();
  const create = useCreateWorkflow();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const setTrigger = (patch: Config) => set({ triggerConfig: { ...draft.triggerConfig, ...patch } });
  const setAction = (i: number, patch: Partial<Draft["actions"][number]>) =>
    set({ actions: draft.actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const move = (i: number, by: -1 | 1) => {
    const list = [...draft.actions];
    const [item] = list.splice(i, 1);
    list.splice(i + by, 0, item!);
    set({ actions: list });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = workflowCreateBody.safeParse(toBody(draft));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".") || "body"] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data as WorkflowCreateBody, {
      onSuccess: () => {
        notifySuccess("Success", "Workflow created successfully");
        onCreated();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === "PLAN_REQUIRED") {
          onPlanLimit(err.requiredPlan === "team" ? "team" : "pro");
          setErrors({ body: err.message });
          return;
        }
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        notifyFailure("Error", "Failed to create workflow");
      },
    });
  };

  const err = (path: string) => errors[path];
  const tc = draft.triggerConfig;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Create New workflow">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Workflow Name" error={err("name")} hint="Optional">
          <Input
            {...fieldA11y(`${id}-name`, err("name"))}
            value={draft.name}
            maxLength={100}
            onChange={(e) => set({ name: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-trigger`} label="Trigger Type" error={err("triggerType")}>
          <NativeSelect
            {...fieldA11y(`${id}-trigger`, err("triggerType"))}
            value={draft.triggerType}
            onChange={(e) => {
              const t = e.target.value as TriggerType;
              set({ triggerType: t, triggerConfig: DEFAULT_TRIGGER_CONFIG[t]() });
            }}
          >
            {TRIGGER_TYPES.map((t) => (
              <option key={t} value={t}>
                {TRIGGER_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" error={err("description")} hint="Optional">
        <Textarea
          {...fieldA11y(`${id}-description`, err("description"))}
          value={draft.description}
          maxLength={500}
          rows={2}
          onChange={(e) => set({ description: e.target.value })}
        />
      </FormField>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Trigger settings</legend>
        <TriggerSettings id={id} type={draft.triggerType} config={tc} set={setTrigger} err={err} />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">Actions</legend>
        {err("actions") && (
          <p role="alert" className="text-sm text-danger">
            {err("actions")}
          </p>
        )}
        <ol className="flex flex-col gap-3">
          {draft.actions.map((a, i) => (
            <li key={a.key}>
              <Card>
                <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                  <CardTitle className="text-sm">Action {i + 1}</CardTitle>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Move action ${i + 1} up`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Move action ${i + 1} down`}
                      disabled={i === draft.actions.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove action ${i + 1}`}
                      disabled={draft.actions.length === 1}
                      onClick={() => set({ actions: draft.actions.filter((_, j) => j !== i) })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <FormField
                    id={`${id}-a${a.key}-type`}
                    label={`Action ${i + 1} type`}
                    error={err(`actions.${i}.type`)}
                  >
                    <NativeSelect
                      {...fieldA11y(`${id}-a${a.key}-type`, err(`actions.${i}.type`))}
                      value={a.type}
                      onChange={(e) => {
                        const type = e.target.value as ActionType;
                        setAction(i, { type, config: DEFAULT_ACTION_CONFIG[type]() });
                      }}
                    >
                      {ACTION_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {ACTION_LABELS[t]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  <ActionSettings
                    id={`${id}-a${a.key}`}
                    n={i + 1}
                    type={a.type}
                    config={a.config}
                    set={(patch) => setAction(i, { config: { ...a.config, ...patch } })}
                    err={(f) => err(`actions.${i}.config.${f}`)}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={draft.actions.length >= 10}
            onClick={() =>
              set({
                actions: [
                  ...draft.actions,
                  {
                    key: nextKey(),
                    type: DEFAULT_ACTION_TYPE,
                    config: DEFAULT_ACTION_CONFIG[DEFAULT_ACTION_TYPE](),
                  },
                ],
              })
            }
          >
            <Plus aria-hidden="true" /> Add action
          </Button>
        </div>
      </fieldset>
      {errors.body && (
        <p role="alert" className="text-sm text-danger">
          {errors.body}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create Workflow"}
        </Button>
      </div>
    </form>
  );
}

type Setter = (patch: Config) => void;
type Err = (path: string) => string | undefined;

function TriggerSettings({
  id,
  type,
  config: c,
  set,
  err,
}: {
  id: string;
  type: TriggerType;
  config: Config;
  set: Setter;
  err: Err;
}) {
  const e = (f: string) => err(`triggerConfig.${f}`);
  if (type === "task_status") {
    return (
      <div className="grid gap-3 sm:grid-cols-3">
        <StatusSelect
          id={`${id}-from`}
          label="From status"
          value={c.fromStatus}
          onChange={(v) => set({ fromStatus: v })}
          error={e("fromStatus")}
        />
        <StatusSelect
          id={`${id}-to`}
          label="To status"
          value={c.toStatus}
          onChange={(v) => set({ toStatus: v })}
          error={e("toStatus")}
        />
        <CategorySelect
          id={`${id}-cat`}
          label="Category"
          value={c.category}
          onChange={(v) => set({ category: v })}
          error={e("category")}
        />
      </div>
    );
  }
  if (type === "calendar_event") {
    return (
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-ckind`} label="When">
          <NativeSelect
            id={`${id}-ckind`}
            value={String(c.kind)}
            onChange={(ev) =>
              set(
                ev.target.value === "new_event"
                  ? { kind: "new_event", keyword: String(c.keyword ?? ""), minutes: undefined }
                  : { kind: "starts_within", minutes: 30 },
              )
            }
          >
            <option value="starts_within">An event starts soon</option>
            <option value="new_event">A new event appears</option>
          </NativeSelect>
        </FormField>
        {c.kind === "starts_within" && (
          <FormField id={`${id}-mins`} label="Minutes before it starts" error={e("minutes")}>
            <Input
              {...fieldA11y(`${id}-mins`, e("minutes"))}
              type="number"
              min={1}
              max={1440}
              value={Number(c.minutes ?? 30)}
              onChange={(ev) => set({ minutes: Number(ev.target.value) })}
            />
          </FormField>
        )}
        <FormField
          id={`${id}-kw`}
          label={c.kind === "new_event" ? "Title contains" : "Title contains (optional)"}
          error={e("keyword")}
        >
          <Input
            {...fieldA11y(`${id}-kw`, e("keyword"))}
            value={String(c.keyword ?? "")}
            onChange={(ev) => set({ keyword: ev.target.value || undefined })}
          />
        </FormField>
      </div>
    );
  }
  if (type === "time_based") return <ScheduleSettings id={id} config={c} set={set} e={e} />;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FormField id={`${id}-mkind`} label="Milestone">
        <NativeSelect
          id={`${id}-mkind`}
          value={String(c.kind)}
          onChange={(ev) =>
            set(
              ev.target.value === "tasks_completed"
                ? { kind: "tasks_completed", count: 5 }
                : { kind: "category_cleared", count: undefined },
            )
          }
        >
          <option value="category_cleared">Last open task of a category done</option>
          <option value="tasks_completed">A number of tasks completed</option>
        </NativeSelect>
      </FormField>
      <CategorySelect
        id={`${id}-mcat`}
        label="Category"
        value={c.category}
        required
        onChange={(v) => set({ category: v })}
        error={e("category")}
      />
      {c.kind === "tasks_completed" && (
        <FormField id={`${id}-count`} label="Tasks completed" error={e("count")}>
          <Input
            {...fieldA11y(`${id}-count`, e("count"))}
            type="number"
            min={1}
            max={1000}
            value={Number(c.count ?? 5)}
            onChange={(ev) => set({ count: Number(ev.target.value) })}
          />
        </FormField>
      )}
    </div>
  );
}

function ScheduleSettings({ id, config: c, set, e }: { id: string; config: Config; set: Setter; e: Err }) {
  const schedule = (c.schedule ?? { kind: "daily", time: "09:00" }) as Schedule;
  const tz = String(c.timeZone ?? "UTC");
  const setSchedule = (s: Schedule) => set({ schedule: s });
  const upcoming = useMemo(() => {
    try {
      return nextRuns(schedule, tz, new Date(), 5);
    } catch {
      return [];
    }
  }, [schedule, tz]);
  const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: tz });
  const time = "time" in schedule ? schedule.time : "09:00";
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-skind`} label="Repeat">
          <NativeSelect
            id={`${id}-skind`}
            value={schedule.kind}
            onChange={(ev) => {
              const k = ev.target.value as Schedule["kind"];
              setSchedule(
                k === "cron"
                  ? { kind: "cron", cron: "0 9 * * 1-5" }
                  : k === "weekly"
                    ? { kind: "weekly", day: 1, time }
                    : { kind: k, time },
              );
            }}
          >
            <option value="daily">Every day</option>
            <option value="weekdays">Every weekday</option>
            <option value="weekly">Every week</option>
            <option value="cron">Cron expression</option>
          </NativeSelect>
        </FormField>
        {schedule.kind === "weekly" && (
          <FormField id={`${id}-day`} label="Day">
            <NativeSelect
              id={`${id}-day`}
              value={schedule.day}
              onChange={(ev) => setSchedule({ ...schedule, day: Number(ev.target.value) })}
            >
              {WEEKDAY_NAMES.map((d, i) => (
                <option key={d} value={i}>
                  {d}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        {schedule.kind === "cron" ? (
          <FormField
            id={`${id}-cron`}
            label="Cron (minute hour day month weekday)"
            error={e("schedule.cron")}
          >
            <Input
              {...fieldA11y(`${id}-cron`, e("schedule.cron"))}
              value={schedule.cron}
              onChange={(ev) => setSchedule({ kind: "cron", cron: ev.target.value })}
            />
          </FormField>
        ) : (
          <FormField id={`${id}-time`} label="Time" error={e("schedule.time")}>
            <Input
              {...fieldA11y(`${id}-time`, e("schedule.time"))}
              type="time"
              value={time}
              onChange={(ev) => setSchedule({ ...schedule, time: ev.target.value } as Schedule)}
            />
          </FormField>
        )}
        <FormField id={`${id}-tz`} label="Time zone" error={e("timeZone")}>
          <Input
            {...fieldA11y(`${id}-tz`, e("timeZone"))}
            value={tz}
            onChange={(ev) => set({ timeZone: ev.target.value })}
          />
        </FormField>
      </div>
      <div>
        <p className="text-sm font-medium">Next 5 runs</p>
        {upcoming.length ? (
          <ul className="mt-1 text-sm text-muted" aria-label="Next 5 runs">
            {upcoming.map((d) => (
              <li key={d.toISOString()}>
                <time dateTime={d.toISOString()}>{fmt.format(d)}</time>
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

function ActionSettings({
  id,
  n,
  type,
  config: c,
  set,
  err,
}: {
  id: string;
  n: number;
  type: ActionType;
  config: Config;
  set: Setter;
  err: Err;
}) {
  const vars = "Variables: {{task.title}}, {{event.title}}, {{date}}, {{workflow.name}}";
  if (type === "create_task") {
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-title`} label={`Action ${n} task title`} error={err("title")} hint={vars}>
          <Input
            {...fieldA11y(`${id}-title`, err("title"), vars)}
            value={String(c.title ?? "")}
            onChange={(e) => set({ title: e.target.value })}
          />
        </FormField>
        <CategorySelect
          id={`${id}-cat`}
          label={`Action ${n} category`}
          value={c.category}
          onChange={(v) => set({ category: v })}
          error={err("category")}
        />
        <FormField id={`${id}-prio`} label={`Action ${n} priority`}>
          <NativeSelect
            id={`${id}-prio`}
            value={String(c.priority ?? "")}
            onChange={(e) => set({ priority: e.target.value || undefined })}
          >
            <option value="">Medium (default)</option>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-dl`}
          label={`Action ${n} deadline (hours after the run)`}
          error={err("deadlineOffsetHours")}
          hint="Leave empty for no deadline"
        >
          <Input
            {...fieldA11y(`${id}-dl`, err("deadlineOffsetHours"))}
            type="number"
            min={0}
            value={c.deadlineOffsetHours === undefined ? "" : String(c.deadlineOffsetHours)}
            onChange={(e) =>
              set({ deadlineOffsetHours: e.target.value === "" ? undefined : Number(e.target.value) })
            }
          />
        </FormField>
      </div>
    );
  }
  if (type === "update_task_status") {
    return (
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-target`} label={`Action ${n} which tasks`} error={err("target")}>
          <NativeSelect
            id={`${id}-target`}
            value={String(c.target)}
            onChange={(e) => set({ target: e.target.value })}
          >
            <option value="trigger">The task that triggered it</option>
            <option value="matching">Tasks matching a filter</option>
          </NativeSelect>
        </FormField>
        <StatusSelect
          id={`${id}-status`}
          label={`Action ${n} new status`}
          value={c.status}
          required
          onChange={(v) => set({ status: v })}
          error={err("status")}
        />
        {c.target === "matching" && (
          <CategorySelect
            id={`${id}-fcat`}
            label={`Action ${n} filter category`}
            value={(c.filter as Config | undefined)?.category}
            onChange={(v) => set({ filter: v ? { category: v } : undefined })}
          />
        )}
      </div>
    );
  }
  if (type === "send_notification") {
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id={`${id}-ntitle`}
          label={`Action ${n} notification title`}
          error={err("title")}
          hint={vars}
        >
          <Input
            {...fieldA11y(`${id}-ntitle`, err("title"), vars)}
            value={String(c.title ?? "")}
            onChange={(e) => set({ title: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-msg`} label={`Action ${n} message`} error={err("message")} hint="Optional">
          <Input
            {...fieldA11y(`${id}-msg`, err("message"))}
            value={String(c.message ?? "")}
            onChange={(e) => set({ message: e.target.value || undefined })}
          />
        </FormField>
        <EmailCheckbox
          id={`${id}-email`}
          n={n}
          checked={Boolean(c.email)}
          onChange={(v) => set({ email: v || undefined })}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={`${id}-period`} label={`Action ${n} report period`} error={err("period")}>
        <NativeSelect
          id={`${id}-period`}
          value={String(c.period)}
          onChange={(e) => set({ period: e.target.value })}
        >
          <option value="day">Last day</option>
          <option value="week">Last week</option>
          <option value="month">Last 30 days</option>
        </NativeSelect>
      </FormField>
      <EmailCheckbox
        id={`${id}-remail`}
        n={n}
        checked={Boolean(c.email)}
        onChange={(v) => set({ email: v || undefined })}
      />
    </div>
  );
}

function EmailCheckbox({
  id,
  n,
  checked,
  onChange,
}: {
  id: string;
  n: number;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 self-end text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        Also email me <span className="sr-only">(action {n})</span>
      </span>
    </label>
  );
}

type ChoiceProps = {
  id: string;
  label: string;
  value: unknown;
  required?: boolean;
  error?: string;
  onChange: (v: string | undefined) => void;
};

/** A select over a fixed list, with "Any" first unless a value is required. */
function ChoiceSelect({
  options,
  show = (o) => o,
  ...p
}: ChoiceProps & { options: readonly string[]; show?: (option: string) => string }) {
  return (
    <FormField id={p.id} label={p.label} error={p.error}>
      <NativeSelect
        {...fieldA11y(p.id, p.error)}
        value={String(p.value ?? "")}
        onChange={(e) => p.onChange(e.target.value || undefined)}
      >
        {!p.required && <option value="">Any</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {show(o)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

function StatusSelect(p: ChoiceProps) {
  return <ChoiceSelect {...p} options={TASK_STATUSES} show={(s) => s.replace("_", " ")} />;
}

function CategorySelect(p: ChoiceProps) {
  return <ChoiceSelect {...p} options={TASK_CATEGORIES} />;
}
