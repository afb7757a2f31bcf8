// The voice command dialog (Pro): listens once through the browser's speech recognition, shows what
// was heard and what Kairo understood, lets the person correct it by typing, and acts only when they
// confirm. Loaded lazily from the dashboard frame.
import { Loader2, Mic } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_TASK_CATEGORY, DEFAULT_TASK_PRIORITY, ESTIMATE_MINUTES } from "#shared/domain/tasks.ts";
import {
  parseVoiceCommand,
  type VoiceCommand,
  type VoiceDestination,
} from "#shared/domain/voice-commands.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { dashboardSection, paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { requestFocusSession } from "#web/lib/focus-request.ts";
import { describeError, notifySuccess } from "#web/lib/notify.ts";
import { useProjects } from "#web/lib/projects.ts";
import { useRunVoiceCommand } from "../api/run-voice-command.ts";
import { LISTEN_MESSAGES, ListenError, type ListenFailure, listenOnce, speechSupported } from "../speech.ts";
import { onVoiceCommandRequest } from "../voice-events.ts";

const PLACES: Readonly<Record<VoiceDestination, { name: string; to: string }>> = {
  overview: { name: "Overview", to: paths.dashboard },
  tasks: { name: "Tasks", to: dashboardSection("tasks") },
  calendar: { name: "Calendar", to: dashboardSection("calendar") },
  analytics: { name: "Analytics", to: dashboardSection("analytics") },
  "ai-insights": { name: "AI Insights", to: paths.aiInsights },
  workflows: { name: "Workflows", to: paths.workflowAutomation },
  team: { name: "Team Workspace", to: paths.teamWorkspace },
  settings: { name: "Settings", to: paths.settings },
};

const PRIORITY_NAMES = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" } as const;

function describe(cmd: VoiceCommand): { summary: string; action: string } | null {
  switch (cmd.kind) {
    case "add_task": {
      const d = cmd.draft;
      const details = [
        d.deadline
          ? `due ${d.deadline.toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}`
          : null,
        `${d.estimatedMinutes ?? ESTIMATE_MINUTES.default} min`,
        `${PRIORITY_NAMES[d.priority ?? DEFAULT_TASK_PRIORITY]} priority`,
        d.category ?? DEFAULT_TASK_CATEGORY,
        d.project ? `in ${d.project.name}` : null,
        d.recurrence ? `repeats ${d.recurrence.description.replace(/^E/, "e")}` : null,
      ].filter(Boolean);
      return { summary: `Add the task “${d.title}”: ${details.join(", ")}.`, action: "Add task" };
    }
    case "start_timer":
      return { summary: `Start the timer on your open task “${cmd.taskTitle}”.`, action: "Start timer" };
    case "stop_timer":
      return { summary: "Stop the timer that is running.", action: "Stop timer" };
    case "start_focus":
      return { summary: "Start a Pomodoro focus session.", action: "Start focus session" };
    case "navigate":
      return { summary: `Go to ${PLACES[cmd.to].name}.`, action: `Go to ${PLACES[cmd.to].name}` };
    default:
      return null;
  }
}

export function VoiceCommandDialog({ onUpgrade }: { onUpgrade?: (plan: "pro" | "team") => void }) {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  useEffect(
    () =>
      onVoiceCommandRequest(() => {
        setSession((s) => s + 1);
        setOpen(true);
      }),
    [],
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title="Voice command" description="Say a command. Nothing changes until you confirm it.">
        <VoicePanel key={session} onDone={() => setOpen(false)} onUpgrade={onUpgrade} />
      </DialogContent>
    </Dialog>
  );
}

export default VoiceCommandDialog;

type Listening = { state: "listening" } | { state: "idle" } | { state: "failed"; reason: ListenFailure };

function VoicePanel({
  onDone,
  onUpgrade,
}: {
  onDone: () => void;
  onUpgrade?: (plan: "pro" | "team") => void;
}) {
  const ids = useId();
  const navigate = useNavigate();
  const run = useRunVoiceCommand();
  const [text, setText] = useState("");
  const [heard, setHeard] = useState<string | null>(null);
  const [listening, setListening] = useState<Listening>(() =>
    speechSupported() ? { state: "listening" } : { state: "failed", reason: "unsupported" },
  );
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const listen = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setListening({ state: "listening" });
    setError(null);
    try {
      const transcript = await listenOnce(controller.signal);
      if (controller.signal.aborted) return;
      setHeard(transcript);
      setText(transcript);
      setListening({ state: "idle" });
    } catch (err) {
      if (controller.signal.aborted) return;
      setListening({ state: "failed", reason: err instanceof ListenError ? err.reason : "failed" });
    }
  };

  // Listening starts as the dialog opens (the click on the microphone is the person's consent).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dialog session
  useEffect(() => {
    if (speechSupported()) void listen();
    return () => abort.current?.abort();
  }, []);

  const projectList = useProjects().data;
  const projects = useMemo(
    () => (projectList ?? []).filter((p) => p.can.editTasks && !p.readOnly),
    [projectList],
  );
  const command = useMemo(() => parseVoiceCommand(text, new Date(), undefined, projects), [text, projects]);
  const understood = describe(command);

  const confirm = async () => {
    if (!understood || run.isPending) return;
    const transcript = text.trim();
    try {
      if (command.kind === "navigate") {
        navigate(PLACES[command.to].to);
      } else if (command.kind === "start_focus") {
        navigate(paths.dashboard);
        requestFocusSession();
      } else if (command.kind === "add_task") {
        const d = command.draft;
        await run.mutateAsync({
          action: "add_task",
          transcript,
          task: {
            title: d.title,
            deadline: d.deadline ? d.deadline.toISOString() : null,
            estimatedMinutes: d.estimatedMinutes ?? ESTIMATE_MINUTES.default,
            category: d.category ?? DEFAULT_TASK_CATEGORY,
            priority: d.priority ?? DEFAULT_TASK_PRIORITY,
            ...(d.project ? { projectId: d.project.id } : {}),
            // A repeat phrase makes a series (decision 238).
            ...(d.recurrence
              ? {
                  recurrence: {
                    rrule: d.recurrence.rrule,
                    start: d.recurrence.start,
                    timeZone: d.recurrence.timeZone,
                    afterCompletion: d.recurrence.afterCompletion,
                  },
                }
              : {}),
          },
        });
        notifySuccess("Task added", d.title);
      } else if (command.kind === "start_timer") {
        const res = await run.mutateAsync({
          action: "start_timer",
          transcript,
          taskTitle: command.taskTitle,
        });
        notifySuccess("Timer started", "task" in res ? res.task.title : undefined);
      } else if (command.kind === "stop_timer") {
        const res = await run.mutateAsync({ action: "stop_timer", transcript });
        if (res.action === "stop_timer") notifySuccess(`Timer stopped: ${res.minutes} minutes logged`);
      }
      onDone();
    } catch (err) {
      const upgrade = err instanceof ApiError && err.code === "PLAN_REQUIRED";
      setError({ message: describeError(err).message, upgrade });
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <div aria-live="polite" className="min-h-6 text-sm">
        {listening.state === "listening" ? (
          <p className="flex items-center gap-2 text-accent">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Listening…
          </p>
        ) : listening.state === "failed" ? (
          <p role="alert" className="text-danger">
            {LISTEN_MESSAGES[listening.reason]}
          </p>
        ) : heard !== null ? (
          <p>
            <span className="text-muted">Heard: </span>“{heard}”
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-text`} className="text-sm font-medium">
          Command
        </label>
        <div className="flex gap-2">
          <input
            id={`${ids}-text`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            autoComplete="off"
            placeholder="add task review the budget tomorrow at 3pm"
            aria-describedby={`${ids}-understood`}
            className="h-11 min-w-0 flex-1 rounded-lg border border-border bg-background px-3 text-base placeholder:text-muted focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          />
          {speechSupported() && (
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-11"
              aria-label="Listen again"
              disabled={listening.state === "listening"}
              onClick={() => void listen()}
            >
              <Mic aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>

      <div id={`${ids}-understood`} aria-live="polite" className="rounded-lg bg-surface-2 p-3 text-sm">
        {text.trim() === "" ? (
          <p className="text-muted">
            Try “add task call Sam tomorrow at 10am”, “start timer on call Sam”, “stop the timer”, “start a
            focus session” or “open analytics”.
          </p>
        ) : understood ? (
          <p>
            <span className="font-medium">Kairo understood: </span>
            {understood.summary}
          </p>
        ) : (
          <p>
            Kairo did not understand “{text.trim()}”. Try “add task …”, “start timer on …”, “stop the timer”
            or “open analytics”.
          </p>
        )}
      </div>

      {error && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-danger">
            {error.message}
          </p>
          {error.upgrade && onUpgrade && (
            <Button type="button" size="sm" onClick={() => onUpgrade("pro")}>
              Upgrade to Pro
            </Button>
          )}
        </div>
      )}

      <DialogActions busy={run.isPending}>
        <Button type="submit" disabled={!understood || run.isPending}>
          {run.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {understood?.action ?? "Confirm"}
        </Button>
      </DialogActions>
    </form>
  );
}
