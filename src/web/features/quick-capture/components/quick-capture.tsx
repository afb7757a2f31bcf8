// Quick capture (Ctrl+K / Cmd+K anywhere in the app): one line becomes a task, with what was
// understood shown back as chips before Enter; the same box jumps to any page. Kept light on purpose:
// it is mounted in the dashboard frame and loaded lazily.
import {
  ArrowRight,
  CalendarClock,
  CornerDownLeft,
  Flag,
  FolderKanban,
  Hash,
  Lock,
  Mic,
  Plus,
  Repeat,
  Timer,
} from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { INBOX_NAME } from "#shared/contracts/projects.ts";
import { parseQuickCapture } from "#shared/domain/quick-capture.ts";
import {
  DEFAULT_TASK_CATEGORY,
  DEFAULT_TASK_PRIORITY,
  ESTIMATE_MINUTES,
  type TaskPriority,
} from "#shared/domain/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent } from "#web/components/ui/dialog.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { QUEUED_MESSAGE, useCreateTask } from "#web/lib/create-task.ts";
import { describeError, notifyInfo, notifySuccess } from "#web/lib/notify.ts";
import { useProjects } from "#web/lib/projects.ts";
import { type JumpCommand, matchCommands } from "../jump-commands.ts";
import { onQuickCaptureRequest, onQuickCaptureToggle, openQuickCapture } from "../open-quick-capture.ts";

// For callers that already load this module; a toolbar button should import open-quick-capture.ts.
export { openQuickCapture };

/** Opens the upgrade dialog on a plan; supplied by the layout (features do not import each other). */
export type OnUpgrade = (plan: "pro" | "team") => void;

/** The microphone beside the line (voice commands), supplied by the layout: locked without Pro. */
export type VoiceEntry = { locked: boolean; start: () => void };

export function QuickCapture({ onUpgrade, voice }: { onUpgrade?: OnUpgrade; voice?: VoiceEntry }) {
  const [open, setOpen] = useState(false);

  useEffect(() => onQuickCaptureRequest(() => setOpen(true)), []);
  // The shortcut itself is the layout's (useQuickCaptureShortcut), registered before this loads.
  useEffect(() => onQuickCaptureToggle(() => setOpen((o) => !o)), []);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title="Quick capture"
        description="Add a task in one line, or jump to a page."
        className="top-[10dvh] max-w-xl -translate-y-0 sm:top-[15dvh]"
      >
        <QuickCapturePanel
          voice={
            voice && {
              locked: voice.locked,
              start: () => {
                setOpen(false);
                voice.start();
              },
            }
          }
          onClose={() => setOpen(false)}
          onUpgrade={
            onUpgrade &&
            ((plan) => {
              setOpen(false);
              onUpgrade(plan);
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

export default QuickCapture;

type Option = { kind: "add" } | { kind: "jump"; command: JumpCommand };

const PRIORITY_LABELS: Readonly<Record<TaskPriority, string>> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

function estimateText(minutes: number) {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "Today, 3:00 PM", "Tomorrow, 5:00 PM", "Fri, Dec 5, 9:00 AM". */
function deadlineText(d: Date, now: Date) {
  const time = d.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  const day = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((day(d) - day(now)) / 86_400_000);
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Tomorrow, ${time}`;
  const date = d.toLocaleDateString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
  return `${date}, ${time}`;
}

function QuickCapturePanel({
  onClose,
  onUpgrade,
  voice,
}: {
  onClose: () => void;
  onUpgrade?: OnUpgrade;
  voice?: VoiceEntry;
}) {
  const navigate = useNavigate();
  const create = useCreateTask();
  const ids = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The plan that lifts a refusal of the server (the free plan's 50 tasks), offered next to it.
  const [upgradeTo, setUpgradeTo] = useState<"pro" | "team" | null>(null);
  const [active, setActive] = useState(-1);

  const now = new Date();
  // The projects +Name can name: those the person may add tasks to.
  const projectList = useProjects().data;
  const projects = useMemo(
    () => (projectList ?? []).filter((p) => p.can.editTasks && !p.readOnly),
    [projectList],
  );
  const parsed = useMemo(() => parseQuickCapture(text, new Date(), undefined, projects), [text, projects]);
  const commands = useMemo(() => matchCommands(text), [text]);
  const hasText = text.trim() !== "";
  const options: Option[] = [
    ...(hasText ? [{ kind: "add" } as const] : []),
    ...commands.map((command) => ({ kind: "jump", command }) as const),
  ];
  const optionId = (i: number) => `${ids}-option-${i}`;
  const addIndex = hasText ? 0 : -1;
  const firstJump = hasText ? 1 : 0;

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const submit = async () => {
    if (create.isPending) return;
    if (!parsed.title.trim()) {
      setError("Title is required");
      return;
    }
    try {
      const outcome = await create.mutateAsync({
        title: parsed.title,
        deadline: parsed.deadline ? parsed.deadline.toISOString() : null,
        estimatedMinutes: parsed.estimatedMinutes ?? ESTIMATE_MINUTES.default,
        category: parsed.category ?? DEFAULT_TASK_CATEGORY,
        priority: parsed.priority ?? DEFAULT_TASK_PRIORITY,
        ...(parsed.project ? { projectId: parsed.project.id } : {}),
        // A repeat phrase makes a series (decision 238); its first date is the deadline.
        ...(parsed.recurrence
          ? {
              recurrence: {
                rrule: parsed.recurrence.rrule,
                start: parsed.recurrence.start,
                timeZone: parsed.recurrence.timeZone,
                afterCompletion: parsed.recurrence.afterCompletion,
              },
            }
          : {}),
      });
      if (outcome.queued) notifyInfo("Task kept for later", QUEUED_MESSAGE);
      else notifySuccess("Task added");
      onClose();
    } catch (err) {
      const fieldMessage = err instanceof ApiError ? Object.values(err.fields ?? {})[0] : undefined;
      setError(fieldMessage ?? describeError(err, "The task could not be added. Please try again.").message);
      if (err instanceof ApiError && err.code === "PLAN_REQUIRED") {
        setUpgradeTo(err.requiredPlan === "team" ? "team" : "pro");
      }
    }
  };

  const run = (option: Option | undefined) => {
    if (!option || option.kind === "add") {
      void submit();
      return;
    }
    onClose();
    navigate(option.command.to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const n = options.length;
    if (e.key === "ArrowDown" && n > 0) {
      e.preventDefault();
      setActive((i) => (i + 1) % n);
    } else if (e.key === "ArrowUp" && n > 0) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? n - 1 : i - 1));
    } else if (e.key === "Enter") {
      e.preventDefault();
      run(options[active]);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={`${ids}-input`} className="sr-only">
          Quick capture
        </label>
        <div className="relative">
          <Plus
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id={`${ids}-input`}
            role="combobox"
            aria-expanded="true"
            aria-controls={`${ids}-listbox`}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : `${ids}-hint`}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
              setUpgradeTo(null);
              setActive(e.target.value.trim() ? 0 : -1);
            }}
            onKeyDown={onKeyDown}
            placeholder="Add a task: Review budget tomorrow 3pm 45m #Research !high"
            className={cn(
              voice ? "pr-12" : "pr-3",
              "h-12 w-full rounded-lg border border-border bg-background pl-9 text-base placeholder:text-muted focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger sm:text-sm",
            )}
          />
          {voice && (
            <Button
              variant="ghost"
              size="icon"
              className="absolute right-1 top-1/2 -translate-y-1/2"
              aria-label={voice.locked ? "Voice command (Upgrade to Pro to unlock)" : "Voice command"}
              onClick={voice.locked ? () => onUpgrade?.("pro") : voice.start}
            >
              {voice.locked ? <Lock aria-hidden="true" /> : <Mic aria-hidden="true" />}
            </Button>
          )}
        </div>
        {error ? (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <p id={`${ids}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
            {upgradeTo && onUpgrade && (
              <Button size="sm" onClick={() => onUpgrade(upgradeTo)}>
                Upgrade to {upgradeTo === "team" ? "Team" : "Pro"}
              </Button>
            )}
          </div>
        ) : (
          <p id={`${ids}-hint`} className="mt-1.5 text-xs text-muted">
            Understands dates like <em className="not-italic text-foreground">tomorrow 3pm</em>, estimates
            like <em className="not-italic text-foreground">45m</em>,{" "}
            <em className="not-italic text-foreground">#Category</em>,{" "}
            <em className="not-italic text-foreground">!priority</em>,{" "}
            <em className="not-italic text-foreground">every monday</em> and{" "}
            <em className="not-italic text-foreground">+Project</em>.
          </p>
        )}
      </div>

      <div
        ref={listRef}
        id={`${ids}-listbox`}
        role="listbox"
        aria-label="Suggestions"
        className="-mx-2 max-h-[45dvh] overflow-y-auto px-2"
      >
        {hasText && (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA 1.2), not a form fieldset
          <div role="group" aria-labelledby={`${ids}-add-heading`}>
            <div id={`${ids}-add-heading`} className="px-2 pb-1 text-xs font-medium uppercase text-muted">
              New task
            </div>
            <OptionRow
              id={optionId(addIndex)}
              index={addIndex}
              active={active === addIndex}
              onHover={setActive}
              onPick={() => run({ kind: "add" })}
            >
              <Plus className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  {parsed.title.trim() ? (
                    <>
                      Add <span className="font-semibold">{parsed.title}</span>
                    </>
                  ) : (
                    <span className="text-muted">Type a title for the task</span>
                  )}
                </p>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  <Chip
                    icon={CalendarClock}
                    label="Deadline"
                    value={parsed.deadline ? deadlineText(parsed.deadline, now) : "No deadline"}
                    set={parsed.deadline !== null}
                  />
                  {parsed.recurrence && (
                    <Chip icon={Repeat} label="Repeats" value={parsed.recurrence.description} set />
                  )}
                  <Chip
                    icon={Timer}
                    label="Estimate"
                    value={estimateText(parsed.estimatedMinutes ?? ESTIMATE_MINUTES.default)}
                    set={parsed.estimatedMinutes !== null}
                  />
                  <Chip
                    icon={Hash}
                    label="Category"
                    value={parsed.category ?? DEFAULT_TASK_CATEGORY}
                    set={parsed.category !== null}
                  />
                  <Chip
                    icon={Flag}
                    label="Priority"
                    value={PRIORITY_LABELS[parsed.priority ?? DEFAULT_TASK_PRIORITY]}
                    set={parsed.priority !== null}
                  />
                  <Chip
                    icon={FolderKanban}
                    label="Project"
                    value={parsed.project?.name ?? INBOX_NAME}
                    set={parsed.project !== null}
                  />
                </div>
              </div>
              <span className="hidden items-center gap-1 text-xs text-muted sm:flex" aria-hidden="true">
                {create.isPending ? "Adding..." : <CornerDownLeft className="size-3.5" />}
              </span>
            </OptionRow>
          </div>
        )}
        {commands.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA 1.2), not a form fieldset
          <div role="group" aria-labelledby={`${ids}-jump-heading`} className={cn(hasText && "mt-3")}>
            <div id={`${ids}-jump-heading`} className="px-2 pb-1 text-xs font-medium uppercase text-muted">
              Jump to
            </div>
            {commands.map((command, i) => {
              const index = firstJump + i;
              return (
                <OptionRow
                  key={command.id}
                  id={optionId(index)}
                  index={index}
                  active={active === index}
                  onHover={setActive}
                  onPick={() => run({ kind: "jump", command })}
                >
                  <ArrowRight className="size-4 shrink-0 text-muted" aria-hidden="true" />
                  <span className="flex-1 text-sm">{command.label}</span>
                </OptionRow>
              );
            })}
          </div>
        )}
      </div>

      <p className="hidden border-t border-border pt-3 text-xs text-muted sm:block" aria-hidden="true">
        <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move, <Kbd>Enter</Kbd> to choose, <Kbd>Esc</Kbd> to close
      </p>
    </div>
  );
}

function OptionRow({
  id,
  index,
  active,
  onHover,
  onPick,
  children,
}: {
  id: string;
  index: number;
  active: boolean;
  onHover: (index: number) => void;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    // Options are chosen from the input with the arrow keys (aria-activedescendant); the mouse works too.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handling lives on the combobox input
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      data-index={index}
      onMouseMove={() => !active && onHover(index)}
      // Keep the focus in the input, so typing and the arrow keys go on working.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
      className={cn(
        "flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-2 py-2.5",
        active ? "bg-surface-2" : "hover:bg-surface-2/60",
      )}
    >
      {children}
    </div>
  );
}

function Chip({
  icon: Icon,
  label,
  value,
  set,
}: {
  icon: typeof Flag;
  label: string;
  value: string;
  set: boolean;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium",
        set ? "bg-accent-soft text-foreground" : "bg-surface-2 text-muted",
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      {value}
      {!set && <span className="sr-only"> (default)</span>}
    </span>
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-border bg-surface px-1.5 py-0.5 font-sans text-[11px] text-foreground">
      {children}
    </kbd>
  );
}
