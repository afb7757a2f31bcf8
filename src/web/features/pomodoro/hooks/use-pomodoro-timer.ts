// Runs the shared Pomodoro state machine in the browser: ticks it with the wall clock, keeps it in
// localStorage so a reload (or another tab) resumes exactly, and turns its events into server calls,
// toasts, alerts and the assistant's break suggestion.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { PomodoroTodayResponse } from "#shared/contracts/tasks.ts";
import {
  advance,
  deserialize,
  POMODORO_STORAGE_KEY,
  type PomodoroEvent,
  type PomodoroState,
  pause as pauseTimer,
  reset as resetTimer,
  serialize,
  setDurations,
  startCreatesSession,
  start as startTimer,
  withSessionId,
} from "#shared/domain/pomodoro.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { usePreferences } from "#web/lib/preferences.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useCompletePomodoroSession } from "../api/complete-pomodoro-session.ts";
import { useStartPomodoroSession } from "../api/start-pomodoro-session.ts";
import { useSuggestBreakActivity } from "../api/suggest-break-activity.ts";
import { type AlertAllowance, alertPhaseEnd } from "../phase-alerts.ts";
import { createSessionSync } from "../session-sync.ts";

const STATE_KEY = POMODORO_STORAGE_KEY;
/** The setAt of the last lengths adopted from preferences (set by applying an AI recommendation). */
const ADOPTED_KEY = "kairo-pomodoro-adopted";
const SUGGESTION_KEY = "kairo-pomodoro-break-suggestion";
const TICK_MS = 250;

export const FOCUS_COMPLETE_TEXT = "Pomodoro Complete! Time for a break!";
export const BREAK_COMPLETE_TEXT = "Break Complete! Ready for another pomodoro?";
export const FALLBACK_SUGGESTION =
  "Stand up, stretch, drink some water and rest your eyes on something far away.";

export type BreakSuggestion =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; text: string; fallback: boolean };

export type PomodoroTask = { id: string; title: string };

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode: the timer still works, it just will not survive a reload
  }
}

function loadSuggestion(state: PomodoroState): BreakSuggestion {
  if (state.phase !== "break") return { status: "none" };
  try {
    const saved = JSON.parse(readStorage(SUGGESTION_KEY) ?? "null") as { text?: unknown } | null;
    if (saved && typeof saved.text === "string")
      return { status: "ready", text: saved.text, fallback: false };
  } catch {
    // ignore a damaged record
  }
  return { status: "none" };
}

export function usePomodoroTimer(task?: PomodoroTask | null) {
  const qc = useQueryClient();
  const [state, setState] = useState<PomodoroState>(() => deserialize(readStorage(STATE_KEY), Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const [suggestion, setSuggestionState] = useState<BreakSuggestion>(() => loadSuggestion(state));
  const [announcement, setAnnouncement] = useState("");
  const stateRef = useRef(state);
  // Bumped on every new focus run and on reset, so a late server reply never lands on another run.
  const runRef = useRef(0);
  const suggestionRef = useRef(0);

  const startSession = useStartPomodoroSession();
  const completeSession = useCompletePomodoroSession();
  // One sync for the life of the component; it reaches the mutations through a ref so it always
  // calls the current ones.
  const mutations = useRef({ startSession, completeSession });
  mutations.current = { startSession, completeSession };
  const [sessions] = useState(() =>
    createSessionSync({
      create: (body) => mutations.current.startSession.mutateAsync(body),
      complete: (id, endedAt) =>
        mutations.current.completeSession.mutateAsync({ id, endTime: new Date(endedAt).toISOString() }),
    }),
  );
  const suggest = useSuggestBreakActivity();
  // Settings > Notifications decide which phase-end alerts may sound or pop up (default: all).
  const preferences = usePreferences().data;
  const notifications = preferences?.notifications;
  const allowance: AlertAllowance = {
    desktop: notifications?.desktop ?? true,
    focusReminders: notifications?.focusReminders ?? true,
  };

  const commit = (next: PomodoroState) => {
    if (next === stateRef.current) return;
    stateRef.current = next;
    setState(next);
    writeStorage(STATE_KEY, serialize(next));
  };

  const setSuggestion = (next: BreakSuggestion) => {
    setSuggestionState(next);
    writeStorage(SUGGESTION_KEY, next.status === "ready" ? JSON.stringify({ text: next.text }) : null);
  };

  const requestSuggestion = (endedAt: number, breakMinutes: number) => {
    const request = ++suggestionRef.current;
    setSuggestion({ status: "loading" });
    suggest
      .mutateAsync({
        breakDuration: breakMinutes,
        timeOfDay: new Date(endedAt).getHours() < 12 ? "morning" : "afternoon",
        previousActivity: task?.title ?? "focus session",
      })
      .then(({ suggestion: text }) => {
        if (request !== suggestionRef.current) return;
        setSuggestion(text?.trim() ? { status: "ready", text, fallback: false } : fallbackSuggestion);
      })
      .catch(() => {
        if (request === suggestionRef.current) setSuggestion(fallbackSuggestion);
      });
  };

  const clearSuggestion = () => {
    suggestionRef.current += 1;
    setSuggestion({ status: "none" });
  };

  const onEvent = (event: PomodoroEvent, after: PomodoroState) => {
    if (event.type === "focusCompleted") {
      qc.setQueryData<PomodoroTodayResponse>(queryKeys.pomodoro.today, (old) =>
        old ? { ...old, count: old.count + 1 } : old,
      );
      // Completes by the id the timer holds, or once this run's create call answers: a focus can
      // end before it does. The phase's own end time goes along.
      sessions
        .complete(runRef.current, event.sessionId, event.endedAt)
        .then((saved) => {
          // No row to complete (its create failed): today's count comes back from the server.
          if (!saved) void qc.invalidateQueries({ queryKey: queryKeys.pomodoro.all });
        })
        .catch((error: unknown) => {
          // Another tab may have completed the same run first.
          if (error instanceof ApiError && error.status === 409) return;
          notifyError(error, { fallback: "This Pomodoro could not be saved." });
        });
      notifySuccess(FOCUS_COMPLETE_TEXT);
      alertPhaseEnd(
        "focus",
        FOCUS_COMPLETE_TEXT,
        `Your ${after.breakMinutes}-minute break has started.`,
        allowance,
      );
      setAnnouncement(`Focus complete. Your ${after.breakMinutes}-minute break has started.`);
      if (after.phase === "break") requestSuggestion(event.endedAt, after.breakMinutes);
    } else {
      notifySuccess(BREAK_COMPLETE_TEXT);
      alertPhaseEnd("break", BREAK_COMPLETE_TEXT, "Start the next focus when you are ready.", allowance);
      setAnnouncement("Break complete. The timer is ready for the next focus.");
      clearSuggestion();
    }
  };

  /** Brings the machine up to the wall clock, acting on every phase end it passed. */
  const catchUp = (): { state: PomodoroState; at: number } => {
    const at = Date.now();
    const { state: next, events } = advance(stateRef.current, at);
    commit(next);
    for (const e of events) onEvent(e, next);
    setNow(at);
    return { state: next, at };
  };

  const tick = useEffectEvent(() => {
    catchUp();
  });

  // Tick only while running; a paused or idle timer has nothing to count.
  useEffect(() => {
    if (state.status !== "running") return;
    tick();
    const id = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(id);
  }, [state.status]);

  // Another tab changed the timer: follow it rather than running a second copy.
  const onStorage = useEffectEvent((e: StorageEvent) => {
    if (e.key === STATE_KEY) {
      const next = deserialize(e.newValue, Date.now());
      stateRef.current = next;
      setState(next);
      setNow(Date.now());
    } else if (e.key === SUGGESTION_KEY) {
      setSuggestionState(loadSuggestion(stateRef.current));
    }
  });
  useEffect(() => {
    const listener = (e: StorageEvent) => onStorage(e);
    window.addEventListener("storage", listener);
    return () => window.removeEventListener("storage", listener);
  }, []);

  const start = () => {
    const { state: current, at } = catchUp();
    const creates = startCreatesSession(current);
    commit(startTimer(current, at));
    if (!creates) {
      setAnnouncement(current.phase === "focus" ? "Focus resumed." : "Break resumed.");
      return;
    }
    setAnnouncement(`Focus started: ${current.workMinutes} minutes.`);
    const run = ++runRef.current;
    sessions
      .start(run, {
        durationMinutes: current.workMinutes,
        breakDurationMinutes: current.breakMinutes,
        taskId: task?.id ?? null,
      })
      .then((session) => {
        if (run === runRef.current) commit(withSessionId(stateRef.current, session.id));
      })
      .catch((error: unknown) => {
        notifyError(error, {
          fallback: "Your focus session could not be saved. The timer keeps running.",
        });
      });
  };

  const pause = () => {
    const { state: current, at } = catchUp();
    const next = pauseTimer(current, at);
    commit(next);
    if (next !== current) setAnnouncement("Paused.");
  };

  const reset = () => {
    catchUp();
    runRef.current += 1;
    commit(resetTimer(stateRef.current));
    clearSuggestion();
    setAnnouncement("Timer reset.");
  };

  const setLengths = (workMinutes: number, breakMinutes: number) => {
    commit(setDurations(stateRef.current, workMinutes, breakMinutes));
  };

  // Lengths set on the server (applying "5-minute breaks every 45 minutes" in AI Insights) are
  // adopted once, when the timer is idle; a later choice in the panel then stands.
  const adopt = useEffectEvent((setAt: string | undefined) => {
    const lengths = preferences?.pomodoro;
    if (!setAt || !lengths || readStorage(ADOPTED_KEY) === setAt) return;
    if (stateRef.current.status !== "idle") return;
    setLengths(lengths.workMinutes, lengths.breakMinutes);
    writeStorage(ADOPTED_KEY, lengths.setAt);
  });
  const adoptedAt = preferences?.pomodoro?.setAt;
  useEffect(() => {
    adopt(adoptedAt);
  }, [adoptedAt]);

  return { state, now, suggestion, announcement, start, pause, reset, setLengths };
}

const fallbackSuggestion: BreakSuggestion = { status: "ready", text: FALLBACK_SUGGESTION, fallback: true };
