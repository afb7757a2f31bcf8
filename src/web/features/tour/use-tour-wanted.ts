// For the layout: whether to mount (and so download) the tour launcher. True once the person's tour
// is due (never finished or skipped) or the Help menu asked for it, and true from then on, so a tour
// that is running is never unmounted by its own outcome. A person who has seen the tour never
// downloads the launcher; a request made before it mounts is acted on when it does (request-channel).
import { useEffect, useState } from "react";
import { tourIsDue } from "#shared/contracts/tour.ts";
import { useTourState } from "./api/get-tour-state.ts";
import { TOUR_REQUEST_EVENT } from "./tour-events.ts";

export function useTourWanted(): boolean {
  const state = useTourState();
  const due = state.data !== undefined && tourIsDue(state.data);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (due) setWanted(true);
  }, [due]);
  useEffect(() => {
    if (wanted) return;
    const onRequest = () => setWanted(true);
    window.addEventListener(TOUR_REQUEST_EVENT, onRequest);
    return () => window.removeEventListener(TOUR_REQUEST_EVENT, onRequest);
  }, [wanted]);
  return wanted || due;
}
