// The launch-offer countdown of the upgrade dialog (spec section 9: 600 seconds). The deadline is a
// timestamp kept for the browser tab's session, so closing and reopening the dialog (or reloading)
// does not start it again; what is shown is always computed from the clock, never decremented.
import { LAUNCH_OFFER_COUNTDOWN_SECONDS } from "#shared/domain/plans.ts";

export const OFFER_DEADLINE_KEY = "kairo-launch-offer-deadline";

const WINDOW_MS = LAUNCH_OFFER_COUNTDOWN_SECONDS * 1000;

type DeadlineStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * The deadline (ms since the epoch) stored for this session, or a new one 600 seconds from `nowMs`.
 * A stored value that is not a number, or lies further ahead than one window (the device clock was
 * moved back), starts a fresh window. Without storage every call starts a fresh window.
 */
export function readOrStartDeadline(storage: DeadlineStorage | null, nowMs: number): number {
  const stored = Number(safeGet(storage));
  if (Number.isFinite(stored) && stored > 0 && stored <= nowMs + WINDOW_MS) return stored;
  const deadline = nowMs + WINDOW_MS;
  try {
    storage?.setItem(OFFER_DEADLINE_KEY, String(deadline));
  } catch {
    // storage full or disabled: the window lasts as long as the page
  }
  return deadline;
}

function safeGet(storage: DeadlineStorage | null): string | null {
  try {
    return storage?.getItem(OFFER_DEADLINE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Whole seconds left until the deadline, never negative; a started second counts as left. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** 600 → "10:00", 59 → "00:59", 0 → "00:00". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  return `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

/** "9 minutes 5 seconds" for screen readers, which read "09:05" poorly. */
export function spokenCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  const parts: string[] = [];
  if (mm > 0) parts.push(`${mm} ${mm === 1 ? "minute" : "minutes"}`);
  if (ss > 0 || mm === 0) parts.push(`${ss} ${ss === 1 ? "second" : "seconds"}`);
  return parts.join(" ");
}
