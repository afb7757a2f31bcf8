// The Pomodoro focus timer (spec sections 2 and 4): focus and break lengths, start / pause / resume /
// reset, a mm:ss countdown, today's count from the server, and the assistant's idea for each break.
import { Coffee, Pause, Play, RotateCcw, Sparkles, Target } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import {
  formatRemaining,
  POMODORO_BREAK_OPTIONS,
  POMODORO_WORK_OPTIONS,
  phaseLengthMs,
  remainingMs,
} from "#shared/domain/pomodoro.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { cn } from "#web/lib/cn.ts";
import { onFocusSessionRequest } from "#web/lib/focus-request.ts";
import { usePreferences } from "#web/lib/preferences.ts";
import { usePomodoroToday } from "../api/get-pomodoro-today.ts";
import { type PomodoroTask, usePomodoroTimer } from "../hooks/use-pomodoro-timer.ts";
import {
  type NotificationSupport,
  notificationPermission,
  setAlertsEnabled,
  useAlertsEnabled,
} from "../phase-alerts.ts";

export function PomodoroPanel({ task, className }: { task?: PomodoroTask | null; className?: string }) {
  const { state, now, suggestion, announcement, start, pause, reset, setLengths } = usePomodoroTimer(task);
  // "Start a focus session" said elsewhere (a voice command) starts an idle timer here.
  const startIfIdle = useRef(() => {});
  startIfIdle.current = () => {
    if (state.status === "idle") start();
  };
  useEffect(() => onFocusSessionRequest(() => startIfIdle.current()), []);
  const today = usePomodoroToday();
  const workId = useId();
  const breakId = useId();

  const left = remainingMs(state, now);
  const progress = 1 - left / phaseLengthMs(state);
  const isBreak = state.phase === "break";
  const locked = state.status !== "idle";
  const count = today.data?.count ?? state.completedToday;

  return (
    <Card data-tour="pomodoro" className={cn("flex flex-col", className)}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>Pomodoro</CardTitle>
          <p className="mt-1 text-sm text-muted tabular-nums">
            Today: {count} {count === 1 ? "pomodoro" : "pomodoros"}
          </p>
        </div>
        <Badge tone={isBreak ? "success" : "accent"} className="gap-1.5">
          {isBreak ? (
            <Coffee className="size-3.5" aria-hidden="true" />
          ) : (
            <Target className="size-3.5" aria-hidden="true" />
          )}
          {isBreak ? "Break" : "Focus"}
        </Badge>
      </CardHeader>

      <CardContent className="flex flex-1 flex-col gap-5">
        <div className="flex flex-col items-center gap-3 py-2">
          <div
            role="timer"
            aria-live="off"
            aria-label={`${isBreak ? "Break" : "Focus"} time left`}
            className="text-6xl font-semibold tracking-tight tabular-nums"
          >
            {formatRemaining(left)}
          </div>
          <div aria-hidden="true" className="h-1.5 w-full max-w-64 overflow-hidden rounded-full bg-surface-2">
            <div
              className={cn("h-full rounded-full", isBreak ? "bg-success" : "bg-accent")}
              style={{ width: `${Math.min(100, Math.max(0, progress * 100))}%` }}
            />
          </div>
          <p className="text-sm text-muted">
            {state.status === "paused"
              ? "Paused"
              : state.status === "running"
                ? isBreak
                  ? "Break in progress"
                  : "Focusing"
                : "Ready when you are"}
          </p>
        </div>

        <div className="flex flex-wrap justify-center gap-2">
          {state.status === "running" ? (
            <Button onClick={pause} className="min-w-28">
              <Pause aria-hidden="true" />
              Pause
            </Button>
          ) : (
            <Button onClick={start} className="min-w-28">
              <Play aria-hidden="true" />
              {state.status === "paused" ? "Resume" : "Start"}
            </Button>
          )}
          <Button variant="outline" onClick={reset} disabled={state.status === "idle"}>
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
        </div>

        {isBreak && <BreakIdea suggestion={suggestion} />}

        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={workId} className="text-sm font-medium">
              Focus length
            </label>
            <NativeSelect
              id={workId}
              value={state.workMinutes}
              disabled={locked}
              onChange={(e) => setLengths(Number(e.target.value), state.breakMinutes)}
            >
              {POMODORO_WORK_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={breakId} className="text-sm font-medium">
              Break length
            </label>
            <NativeSelect
              id={breakId}
              value={state.breakMinutes}
              disabled={locked}
              onChange={(e) => setLengths(state.workMinutes, Number(e.target.value))}
            >
              {POMODORO_BREAK_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {locked && <p className="-mt-3 text-xs text-muted">Reset the timer to change the lengths.</p>}

        <AlertsSwitch />

        <div role="status" aria-live="polite" className="sr-only">
          {announcement}
        </div>
      </CardContent>
    </Card>
  );
}

function BreakIdea({ suggestion }: { suggestion: ReturnType<typeof usePomodoroTimer>["suggestion"] }) {
  return (
    <section
      aria-label="Break idea"
      aria-busy={suggestion.status === "loading" || undefined}
      className="rounded-lg border border-success/30 bg-success/10 p-3"
    >
      <h4 className="flex items-center gap-1.5 text-sm font-semibold">
        <Sparkles className="size-4 text-success" aria-hidden="true" />
        Break idea
      </h4>
      {suggestion.status === "loading" ? (
        <div className="mt-2 flex flex-col gap-1.5" aria-hidden="true">
          <div className="h-3.5 w-full animate-pulse rounded bg-success/20" />
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-success/20" />
        </div>
      ) : (
        <p className="mt-1 text-sm" data-testid="break-suggestion">
          {suggestion.status === "ready"
            ? suggestion.text
            : "Step away from the screen, stretch and breathe until the break ends."}
        </p>
      )}
      {suggestion.status === "loading" && <span className="sr-only">Finding a break idea...</span>}
    </section>
  );
}

function AlertsSwitch() {
  const enabled = useAlertsEnabled();
  const id = useId();
  const [permission, setPermission] = useState<NotificationSupport>(() => notificationPermission());
  const notifications = usePreferences().data?.notifications;
  const hint =
    enabled && notifications?.focusReminders === false
      ? "Focus reminders are off in Settings, so Pomodoro alerts stay silent."
      : enabled && notifications?.desktop === false
        ? "Desktop notifications are off in Settings, so Kairo will only play a sound."
        : enabled && permission === "denied"
          ? "Notifications are blocked in this browser, so Kairo will only play a sound."
          : enabled && permission === "unsupported"
            ? "This browser has no desktop notifications, so Kairo will only play a sound."
            : null;
  return (
    <div className="mt-auto border-t border-border pt-4">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm">
          Desktop notifications and sound
        </label>
        <Switch
          id={id}
          checked={enabled}
          onCheckedChange={(on) => {
            void setAlertsEnabled(on).then(setPermission);
          }}
        />
      </div>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
}
