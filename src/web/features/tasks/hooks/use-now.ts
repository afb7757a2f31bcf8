import { useEffect, useState } from "react";

/**
 * The current time in epoch milliseconds, refreshed every `intervalMs` and again when the tab becomes
 * visible. Counters derive their value from it and a start time, so they are right after a reload or
 * a stretch in a throttled background tab.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const id = setInterval(tick, intervalMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(id);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [intervalMs]);
  return now;
}
