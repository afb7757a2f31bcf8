// The Pomodoro focus timer of spec section 4 as a pure state machine. It stores when the current run
// started instead of counting ticks, so the remaining time stays exact in a throttled background tab
// and after a reload; `advance` replays whatever phase ends happened while nobody was looking.

import { localDayKey } from "./metrics.ts";

export const POMODORO_WORK_OPTIONS = [15, 25, 30, 45, 60] as const;
export const POMODORO_WORK_DEFAULT = 25;
export const POMODORO_BREAK_OPTIONS = [5, 10, 15, 20] as const;
export const POMODORO_BREAK_DEFAULT = 5;

export type PomodoroPhase = "focus" | "break";
export type PomodoroStatus = "idle" | "running" | "paused";

export type PomodoroState = {
  phase: PomodoroPhase;
  status: PomodoroStatus;
  workMinutes: number;
  breakMinutes: number;
  /** Epoch ms when the current run segment started; null unless running. */
  startedAt: number | null;
  /** Time spent in the current phase before the current run segment. */
  elapsedMs: number;
  /** The pomodoro_sessions row of the current focus run, once the server has created it. */
  sessionId: string | null;
  completedToday: number;
  /** Local "YYYY-MM-DD" that completedToday counts; a new day resets the count. */
  day: string;
};

export type PomodoroEvent =
  | { type: "focusCompleted"; sessionId: string | null; endedAt: number }
  | { type: "breakCompleted"; endedAt: number };

const MINUTE_MS = 60_000;

/**
 * Slack for a focus run's end time as the browser reports it: its clock and the server's differ a
 * little, and the request creating the session took a moment to arrive.
 */
export const POMODORO_END_TOLERANCE_MS = 60_000;

export type EndTimeCheck = { ok: true; endTime: Date } | { ok: false; message: string };

/**
 * The end time to store when a focus run is completed. Without a claimed time it is the server's
 * now. A claimed time (when the phase really ended, which may be long before the completion call
 * reaches the server: a slow create, a sleeping laptop) is accepted when it is no earlier than the
 * session's start plus its focus length and no later than now, each give or take the tolerance;
 * a claim a few seconds ahead of the server's clock is stored as now, never in the future.
 */
export function checkPomodoroEndTime(
  session: { startTime: Date; durationMinutes: number },
  claimed: Date | null,
  now: Date,
): EndTimeCheck {
  if (claimed === null) return { ok: true, endTime: now };
  const t = claimed.getTime();
  if (!Number.isFinite(t)) return { ok: false, message: "The end time is not a valid date." };
  if (t > now.getTime() + POMODORO_END_TOLERANCE_MS)
    return { ok: false, message: "The end time cannot be in the future." };
  const earliest = session.startTime.getTime() + session.durationMinutes * MINUTE_MS;
  if (t < earliest - POMODORO_END_TOLERANCE_MS)
    return {
      ok: false,
      message: `The end time cannot be before the ${session.durationMinutes}-minute focus has run.`,
    };
  return { ok: true, endTime: new Date(Math.min(t, now.getTime())) };
}

export function isWorkOption(minutes: unknown): minutes is (typeof POMODORO_WORK_OPTIONS)[number] {
  return typeof minutes === "number" && (POMODORO_WORK_OPTIONS as readonly number[]).includes(minutes);
}

export function isBreakOption(minutes: unknown): minutes is (typeof POMODORO_BREAK_OPTIONS)[number] {
  return typeof minutes === "number" && (POMODORO_BREAK_OPTIONS as readonly number[]).includes(minutes);
}

const dayOf = (epochMs: number) => localDayKey(new Date(epochMs));

// completedToday belongs to `day`; moving to another day starts the count again.
function onDay(state: PomodoroState, epochMs: number): PomodoroState {
  const day = dayOf(epochMs);
  return day === state.day ? state : { ...state, day, completedToday: 0 };
}

/** Idle at the start of a focus phase. Durations not among the options fall back to the defaults. */
export function initialPomodoro(
  now: number,
  opts: { workMinutes?: number; breakMinutes?: number } = {},
): PomodoroState {
  return {
    phase: "focus",
    status: "idle",
    workMinutes: isWorkOption(opts.workMinutes) ? opts.workMinutes : POMODORO_WORK_DEFAULT,
    breakMinutes: isBreakOption(opts.breakMinutes) ? opts.breakMinutes : POMODORO_BREAK_DEFAULT,
    startedAt: null,
    elapsedMs: 0,
    sessionId: null,
    completedToday: 0,
    day: dayOf(now),
  };
}

/** Full length of the current phase. */
export function phaseLengthMs(state: PomodoroState): number {
  return (state.phase === "focus" ? state.workMinutes : state.breakMinutes) * MINUTE_MS;
}

function elapsedAt(state: PomodoroState, now: number): number {
  const running = state.status === "running" && state.startedAt !== null;
  return state.elapsedMs + (running ? Math.max(0, now - (state.startedAt ?? now)) : 0);
}

/** Time left in the current phase at `now`, never negative. */
export function remainingMs(state: PomodoroState, now: number): number {
  return Math.max(0, phaseLengthMs(state) - elapsedAt(state, now));
}

/**
 * True when `start` would begin a new focus run, which is when the caller creates the
 * pomodoro_sessions record (then attaches it with `withSessionId`).
 */
export function startCreatesSession(state: PomodoroState): boolean {
  return state.status === "idle" && state.phase === "focus";
}

/** Starts an idle phase or resumes a paused one; a running timer is left as is. */
export function start(state: PomodoroState, now: number): PomodoroState {
  if (state.status === "running") return state;
  const fresh = state.status === "idle";
  return {
    ...onDay(state, now),
    status: "running",
    startedAt: now,
    elapsedMs: fresh ? 0 : state.elapsedMs,
    sessionId: fresh && state.phase === "focus" ? null : state.sessionId,
  };
}

/**
 * Pauses a running phase. Once its time is up there is nothing left to pause: the state is returned
 * unchanged so the next `advance` still reports the completion.
 */
export function pause(state: PomodoroState, now: number): PomodoroState {
  if (state.status !== "running" || state.startedAt === null) return state;
  if (remainingMs(state, now) === 0) return state;
  return { ...onDay(state, now), status: "paused", startedAt: null, elapsedMs: elapsedAt(state, now) };
}

/** Take a Break Now: whatever the timer was doing, a break of the chosen length runs from `now`. */
export function startBreakNow(state: PomodoroState, now: number): PomodoroState {
  return { ...reset(onDay(state, now)), phase: "break", status: "running", startedAt: now, elapsedMs: 0 };
}

/** Stops and restores the full focus length; today's count is kept. */
export function reset(state: PomodoroState): PomodoroState {
  return { ...state, phase: "focus", status: "idle", startedAt: null, elapsedMs: 0, sessionId: null };
}

/**
 * Changes the lengths while the timer is idle. Values outside the options, or a timer that is
 * running or paused, leave the state unchanged (the same object), so callers can test with `===`.
 */
export function setDurations(state: PomodoroState, work: number, breakM: number): PomodoroState {
  if (state.status !== "idle" || !isWorkOption(work) || !isBreakOption(breakM)) return state;
  if (work === state.workMinutes && breakM === state.breakMinutes) return state;
  return { ...state, workMinutes: work, breakMinutes: breakM, elapsedMs: 0 };
}

/**
 * Attaches the server's session id to the focus run it was created for. Ignored once that run is
 * over (idle) so a late reply cannot label the wrong run.
 */
export function withSessionId(state: PomodoroState, id: string): PomodoroState {
  if (state.phase !== "focus" || state.status === "idle") return state;
  return { ...state, sessionId: id };
}

/**
 * Moves the timer to `now`, completing every phase whose time is up, in order, at the exact instant
 * it ended. Focus completion counts the pomodoro and starts the break at once; break completion
 * returns to an idle, full-length focus phase. Call it on every tick and before acting on the timer.
 */
export function advance(
  state: PomodoroState,
  now: number,
): { state: PomodoroState; events: PomodoroEvent[] } {
  const events: PomodoroEvent[] = [];
  let s = state;
  while (s.status === "running" && s.startedAt !== null) {
    const endedAt = s.startedAt + Math.max(0, phaseLengthMs(s) - s.elapsedMs);
    if (now < endedAt) break;
    if (s.phase === "focus") {
      s = onDay(s, endedAt);
      events.push({ type: "focusCompleted", sessionId: s.sessionId, endedAt });
      s = { ...s, phase: "break", startedAt: endedAt, elapsedMs: 0, completedToday: s.completedToday + 1 };
    } else {
      events.push({ type: "breakCompleted", endedAt });
      s = { ...s, phase: "focus", status: "idle", startedAt: null, elapsedMs: 0, sessionId: null };
    }
  }
  return { state: onDay(s, now), events };
}

/** "25:00", "04:59": the countdown, rounding seconds up so 00:00 shows only when the phase is over. */
export function formatRemaining(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

const STORAGE_VERSION = 1;

/** JSON for localStorage, versioned so a later shape can be told apart. */
export function serialize(state: PomodoroState): string {
  return JSON.stringify({ v: STORAGE_VERSION, state });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isNonNegative = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

function parseState(value: unknown): PomodoroState | null {
  if (!isRecord(value) || value.v !== STORAGE_VERSION || !isRecord(value.state)) return null;
  const s = value.state;
  const { phase, status, workMinutes, breakMinutes, startedAt, elapsedMs, sessionId, completedToday, day } =
    s;
  if (phase !== "focus" && phase !== "break") return null;
  if (status !== "idle" && status !== "running" && status !== "paused") return null;
  if (!isWorkOption(workMinutes) || !isBreakOption(breakMinutes)) return null;
  if (!isNonNegative(elapsedMs) || !isCount(completedToday)) return null;
  if (!(sessionId === null || typeof sessionId === "string")) return null;
  if (typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  // Only a running timer has a start instant; anything else is a corrupted record.
  if (status === "running" ? !isNonNegative(startedAt) : startedAt !== null) return null;
  return {
    phase,
    status,
    workMinutes,
    breakMinutes,
    startedAt: startedAt as number | null,
    elapsedMs,
    sessionId,
    completedToday,
    day,
  };
}

/**
 * Reads what `serialize` wrote. Anything else (missing, unparseable, wrong shape or version) gives
 * a fresh timer rather than an error. Follow with `advance` to catch up on time spent away.
 */
export function deserialize(raw: string | null | undefined, now: number): PomodoroState {
  if (typeof raw !== "string") return initialPomodoro(now);
  try {
    return parseState(JSON.parse(raw)) ?? initialPomodoro(now);
  } catch {
    return initialPomodoro(now);
  }
}

/** Where the browser keeps the timer (the Pomodoro panel writes it; presence reads it for "busy"). */
export const POMODORO_STORAGE_KEY = "kairo-pomodoro";

/** True while a focus phase is running and not yet over: the person is busy. */
export function focusRunning(state: PomodoroState, now: number): boolean {
  return state.phase === "focus" && state.status === "running" && remainingMs(state, now) > 0;
}
