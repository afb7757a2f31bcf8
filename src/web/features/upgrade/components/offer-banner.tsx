// The launch-offer banner: "20% off your first 3 months on Pro" with a 600-second countdown to the
// deadline of the person's offer window, which the server keeps (see api/open-launch-offer.ts).
import { Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { LAUNCH_OFFER } from "#shared/domain/plans.ts";
import { formatCountdown, secondsLeft, spokenCountdown } from "../offer-countdown.ts";

export const LAUNCH_OFFER_TEXT = `${LAUNCH_OFFER.percentOff}% off your first ${LAUNCH_OFFER.months} months on Pro`;

/** Seconds left until `deadlineMs` (0 without one), re-read from the clock every second until 0. */
export function useOfferCountdown(deadlineMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = deadlineMs === null ? 0 : secondsLeft(deadlineMs, now);
  const running = left > 0;
  // A deadline that arrives after the first render is counted from the clock as it is then.
  useEffect(() => {
    if (deadlineMs !== null) setNow(Date.now());
  }, [deadlineMs]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}

export function OfferBanner({ secondsLeft: left }: { secondsLeft: number }) {
  if (left <= 0) {
    return (
      <div className="flex items-center gap-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <p>The launch offer window has closed.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-accent/40 bg-accent-soft/50 px-3 py-2 text-sm">
      <p className="font-medium">
        <span className="mr-1.5 rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-accent-foreground">
          Launch offer
        </span>
        {LAUNCH_OFFER_TEXT}
      </p>
      <p className="flex items-center gap-1.5 text-muted">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        Ends in
        <span
          role="timer"
          aria-label={`${spokenCountdown(left)} left`}
          className="font-semibold text-foreground tabular-nums"
        >
          {formatCountdown(left)}
        </span>
      </p>
    </div>
  );
}
