// Starts the guided tour 2 seconds after the dashboard's overview loads for a person who never
// finished or skipped it (spec section 4), and whenever the Help menu asks. Renders nothing; the tour
// itself (driver.js) is downloaded only when it starts.
import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { tourIsDue } from "#shared/contracts/tour.ts";
import { TOUR_AUTO_START_MS } from "#shared/domain/limits.ts";
import { paths } from "#web/config/paths.ts";
import { notifyError } from "#web/lib/notify.ts";
import { queryClient } from "#web/lib/query-client.ts";
import { tourStateQueryOptions, useTourState } from "../api/get-tour-state.ts";
import { recordTourOutcome, restartTourState } from "../api/record-tour-outcome.ts";
import { onTourRequest } from "../tour-events.ts";

export function TourLauncher() {
  const state = useTourState();
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stop = useRef<(() => void) | null>(null);
  const mountedRef = useRef(true);
  const onOverview =
    location.pathname === paths.dashboard && (params.get("section") ?? "overview") === "overview";
  const due = state.data !== undefined && tourIsDue(state.data);

  const start = useRef(async () => {
    if (stop.current) return;
    stop.current = () => {};
    try {
      const { runTour } = await import("../tour-runner.ts");
      stop.current = runTour((outcome) => {
        stop.current = null;
        if (!mountedRef.current) return;
        recordTourOutcome(outcome).catch(() => {
          // Offline: the cache already holds the outcome, so the tour does not come back on this page.
        });
      });
    } catch (err) {
      stop.current = null;
      notifyError(err, { fallback: "The tour could not be loaded. Please try again." });
    }
  });

  useEffect(() => {
    if (!due || !onOverview) return;
    const timer = window.setTimeout(async () => {
      // Asked again first: the person may have finished it on another device since this page loaded.
      const fresh = await queryClient
        .fetchQuery({ ...tourStateQueryOptions(), staleTime: 0 })
        .catch(() => null);
      if (fresh && tourIsDue(fresh)) await start.current();
    }, TOUR_AUTO_START_MS);
    return () => window.clearTimeout(timer);
  }, [due, onOverview]);

  // Restart tour: both records cleared, then the tour on the overview, where its targets are.
  useEffect(
    () =>
      onTourRequest(() => {
        if (stop.current) return; // already running
        restartTourState()
          .then(async () => {
            navigate(paths.dashboard);
            await overviewRendered();
            await start.current();
          })
          .catch((err) =>
            notifyError(err, { fallback: "The tour could not be restarted. Please try again." }),
          );
      }),
    [navigate],
  );

  // Leaving the dashboard frame ends a running tour, without recording anything.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      stop.current?.();
    };
  }, []);
  return null;
}

export default TourLauncher;

/** Resolves once the overview's panels are on the page (or after 5 s, when the tour shows what is). */
function overviewRendered(): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (document.querySelector('[data-tour="pomodoro"]') || Date.now() - started > 5000) resolve();
      else window.setTimeout(check, 100);
    };
    check();
  });
}
