// The launch-offer countdown of the upgrade dialog (spec section 9: 600 seconds). The server keeps
// the window (it opens once per person and never restarts); the dialog turns the time left that the
// server reports into a deadline on the browser's clock, and what is shown is always computed from
// that clock, never decremented.
import { LAUNCH_OFFER_COUNTDOWN_SECONDS } from "#shared/domain/plans.ts";

/** The deadline on this browser's clock for `msLeft` reported now; never more than one window away. */
export function offerDeadline(msLeft: number, nowMs: number): number {
  const left = Number.isFinite(msLeft)
    ? Math.min(Math.max(0, msLeft), LAUNCH_OFFER_COUNTDOWN_SECONDS * 1000)
    : 0;
  return nowMs + left;
}

/**
 * Whole seconds left until the deadline, never negative and never above the window's 600 (a render
 * that read the clock a moment before the deadline was set would otherwise show 10:01); a started
 * second counts as left.
 */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.min(LAUNCH_OFFER_COUNTDOWN_SECONDS, Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000)));
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
