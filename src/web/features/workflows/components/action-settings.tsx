// An action's settings, one component per action type, each typed by that type's shared
// `ActionConfigs` entry. Labels carry the action's number, so each field is named on its own
// ("Action 2 task title") for screen readers and tests alike.
import type { ActionConfigs } from "#shared/contracts/workflows.ts";
import { TASK_PRIORITIES } from "#shared/domain/tasks.ts";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { type ActionDraft, oneOf } from "../workflow-draft.ts";
import {
  CategorySelect,
  EmailCheckbox,
  type FieldError,
  ProjectSelect,
  StatusSelect,
} from "./setting-fields.tsx";

type SettingsProps<K extends keyof ActionConfigs> = {
  id: string;
  /** The action's place in the list, from 1. */
  n: number;
  config: ActionConfigs[K];
  onChange: (config: ActionConfigs[K]) => void;
  error: FieldError;
};

const VARIABLES_HINT = "Variables: {{task.title}}, {{event.title}}, {{date}}, {{workflow.name}}";

export function ActionSettings({
  id,
  n,
  action,
  onChange,
  error,
}: {
  id: string;
  n: number;
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
  /** The error of a field of the action's settings, by its path inside them. */
  error: FieldError;
}) {
  const { key } = action;
  switch (action.type) {
    case "create_task":
      return (
        <CreateTaskSettings
          id={id}
          n={n}
          config={action.config}
          onChange={(config) => onChange({ key, type: "create_task", config })}
          error={error}
        />
      );
    case "update_task_status":
      return (
        <UpdateStatusSettings
          id={id}
          n={n}
          config={action.config}
          onChange={(config) => onChange({ key, type: "update_task_status", config })}
          error={error}
        />
      );
    case "send_notification":
      return (
        <NotificationSettings
          id={id}
          n={n}
          config={action.config}
          onChange={(config) => onChange({ key, type: "send_notification", config })}
          error={error}
        />
      );
    case "generate_report":
      return (
        <ReportSettings
          id={id}
          n={n}
          config={action.config}
          onChange={(config) => onChange({ key, type: "generate_report", config })}
          error={error}
        />
      );
  }
}

function CreateTaskSettings({ id, n, config: c, onChange, error }: SettingsProps<"create_task">) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField
        id={`${id}-title`}
        label={`Action ${n} task title`}
        error={error("title")}
        hint={VARIABLES_HINT}
      >
        <Input
          {...fieldA11y(`${id}-title`, error("title"), VARIABLES_HINT)}
          value={c.title}
          onChange={(e) => onChange({ ...c, title: e.target.value })}
        />
      </FormField>
      <CategorySelect
        id={`${id}-cat`}
        label={`Action ${n} category`}
        value={c.category}
        onChange={(category) => onChange({ ...c, category })}
        error={error("category")}
      />
      <FormField id={`${id}-prio`} label={`Action ${n} priority`}>
        <NativeSelect
          id={`${id}-prio`}
          value={c.priority ?? ""}
          onChange={(e) => onChange({ ...c, priority: oneOf(TASK_PRIORITIES, e.target.value) })}
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
        error={error("deadlineOffsetHours")}
        hint="Leave empty for no deadline"
      >
        <Input
          {...fieldA11y(`${id}-dl`, error("deadlineOffsetHours"))}
          type="number"
          min={0}
          value={c.deadlineOffsetHours ?? ""}
          onChange={(e) =>
            onChange({
              ...c,
              deadlineOffsetHours: e.target.value === "" ? undefined : Number(e.target.value),
            })
          }
        />
      </FormField>
      <ProjectSelect
        id={`${id}-proj`}
        label={`Action ${n} project`}
        none="Inbox"
        writable
        hideInbox
        value={c.projectId}
        onChange={(projectId) => onChange({ ...c, projectId })}
        error={error("projectId")}
      />
    </div>
  );
}

type Filter = NonNullable<ActionConfigs["update_task_status"]["filter"]>;
/** The filter without its unset fields; none at all when nothing is set. */
function filterOf(f: Filter): Filter | undefined {
  const set = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Filter;
  return Object.keys(set).length ? set : undefined;
}

const TARGETS: readonly ActionConfigs["update_task_status"]["target"][] = ["trigger", "matching"];

function UpdateStatusSettings({ id, n, config: c, onChange, error }: SettingsProps<"update_task_status">) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FormField id={`${id}-target`} label={`Action ${n} which tasks`} error={error("target")}>
        <NativeSelect
          {...fieldA11y(`${id}-target`, error("target"))}
          value={c.target}
          onChange={(e) => {
            const target = oneOf(TARGETS, e.target.value);
            // A filter only means something for matching tasks.
            if (target) onChange({ ...c, target, filter: target === "matching" ? c.filter : undefined });
          }}
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
        onChange={(status) => status && onChange({ ...c, status })}
        error={error("status")}
      />
      {c.target === "matching" && (
        <>
          <CategorySelect
            id={`${id}-fcat`}
            label={`Action ${n} filter category`}
            value={c.filter?.category}
            onChange={(category) => onChange({ ...c, filter: filterOf({ ...c.filter, category }) })}
          />
          <ProjectSelect
            id={`${id}-fproj`}
            label={`Action ${n} filter project`}
            none="My personal tasks"
            writable
            value={c.filter?.projectId}
            onChange={(projectId) => onChange({ ...c, filter: filterOf({ ...c.filter, projectId }) })}
            error={error("filter.projectId")}
          />
        </>
      )}
    </div>
  );
}

function NotificationSettings({ id, n, config: c, onChange, error }: SettingsProps<"send_notification">) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField
        id={`${id}-ntitle`}
        label={`Action ${n} notification title`}
        error={error("title")}
        hint={VARIABLES_HINT}
      >
        <Input
          {...fieldA11y(`${id}-ntitle`, error("title"), VARIABLES_HINT)}
          value={c.title}
          onChange={(e) => onChange({ ...c, title: e.target.value })}
        />
      </FormField>
      <FormField id={`${id}-msg`} label={`Action ${n} message`} error={error("message")} hint="Optional">
        <Input
          {...fieldA11y(`${id}-msg`, error("message"))}
          value={c.message ?? ""}
          onChange={(e) => onChange({ ...c, message: e.target.value || undefined })}
        />
      </FormField>
      <EmailCheckbox
        id={`${id}-email`}
        n={n}
        checked={c.email ?? false}
        onChange={(email) => onChange({ ...c, email: email || undefined })}
      />
    </div>
  );
}

const PERIODS: readonly ActionConfigs["generate_report"]["period"][] = ["day", "week", "month"];

function ReportSettings({ id, n, config: c, onChange, error }: SettingsProps<"generate_report">) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={`${id}-period`} label={`Action ${n} report period`} error={error("period")}>
        <NativeSelect
          {...fieldA11y(`${id}-period`, error("period"))}
          value={c.period}
          onChange={(e) => {
            const period = oneOf(PERIODS, e.target.value);
            if (period) onChange({ ...c, period });
          }}
        >
          <option value="day">Last day</option>
          <option value="week">Last week</option>
          <option value="month">Last 30 days</option>
        </NativeSelect>
      </FormField>
      <EmailCheckbox
        id={`${id}-remail`}
        n={n}
        checked={c.email ?? false}
        onChange={(email) => onChange({ ...c, email: email || undefined })}
      />
    </div>
  );
}
