// Runs the guided tour with driver.js (docs/decisions/080-guided-tour-library.md). This module and
// driver.js are loaded only when a tour starts, never with the dashboard.
//
// driver.js gives the popover role="dialog" labelled by its title, keeps Tab inside the popover and
// the highlighted element, and returns focus to where it was when the tour ends. Kairo adds: a Skip
// button on every step, Previous disabled on the first, Finish on the last, Escape as skip, focus on
// the step's main button, and a live announcement of each step for screen readers.
import { type DriveStep, driver } from "driver.js";
import "driver.js/dist/driver.css";
import "./tour.css";
import type { TourOutcome } from "#shared/contracts/tour.ts";
import { resolveTourSteps, TOUR_STEPS, tourButtons, tourSelector } from "./tour-steps.ts";

function isVisible(marker: string): boolean {
  const el = document.querySelector<HTMLElement>(tourSelector(marker));
  if (!el) return false;
  if (typeof el.checkVisibility === "function" && !el.checkVisibility()) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/** Starts the tour; `onEnd` hears how it ended once. Returns a function that ends it (as a skip). */
export function runTour(onEnd: (outcome: TourOutcome) => void): () => void {
  const shown = resolveTourSteps(TOUR_STEPS, isVisible);
  if (shown.length === 0) {
    onEnd("skipped");
    return () => {};
  }
  const live = document.createElement("div");
  live.setAttribute("aria-live", "polite");
  live.className = "sr-only";
  document.body.append(live);

  let outcome: TourOutcome = "skipped";
  const total = shown.length;
  const steps: DriveStep[] = shown.map(({ step, marker }, index) => {
    const buttons = tourButtons(index, total);
    return {
      element: step.placement === "center" ? undefined : tourSelector(marker),
      popover: {
        title: step.title,
        description: step.content,
        side: step.placement === "center" ? undefined : step.placement,
        align: "start",
        showButtons: ["next", "previous"],
        disableButtons: buttons.previousDisabled ? ["previous"] : [],
        nextBtnText: buttons.nextLabel,
        doneBtnText: buttons.nextLabel,
        prevBtnText: "Previous",
        progressText: buttons.progress,
        showProgress: true,
      },
    };
  });

  // driver.js marks the highlighted element as a popup trigger (aria-haspopup, aria-expanded,
  // aria-controls). On a panel (a div) those attributes are invalid ARIA, and when steps move quickly
  // driver.js can leave them on earlier panels. The step dialog is announced through the live region
  // instead, so they are taken off every element as soon as they are set.
  const popupAttributes = ["aria-haspopup", "aria-expanded", "aria-controls"];
  const stripPopupAttributes = () => {
    for (const el of document.querySelectorAll('[aria-controls="driver-popover-content"]')) {
      for (const name of popupAttributes) el.removeAttribute(name);
    }
  };
  const observer = new MutationObserver(stripPopupAttributes);
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["aria-controls"] });

  const tour = driver({
    steps,
    animate: !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    allowClose: true,
    allowKeyboardControl: true,
    overlayClickBehavior: "close",
    stagePadding: 6,
    stageRadius: 8,
    popoverClass: "kairo-tour",
    // A step moved on during the previous one's animation can leave that earlier panel marked as
    // highlighted; the new step is the only highlighted element (driver.js marks it right after).
    onHighlightStarted: () => {
      for (const el of document.querySelectorAll(".driver-active-element")) {
        el.classList.remove("driver-active-element", "driver-no-interaction");
      }
    },
    onPopoverRender: (popover, { state }) => {
      const index = state.activeIndex ?? 0;
      const step = shown[index]!.step;
      popover.wrapper.setAttribute("data-step", step.id);
      popover.previousButton.textContent = "Previous";
      popover.nextButton.textContent = tourButtons(index, total).nextLabel;
      if (index === 0) popover.previousButton.disabled = true;
      const skip = document.createElement("button");
      skip.type = "button";
      skip.textContent = "Skip";
      skip.className = "kairo-tour-skip";
      skip.addEventListener("click", endTour);
      popover.footerButtons.prepend(skip);
      live.textContent = `Tour step ${index + 1} of ${total}: ${step.title}. ${step.content}`;
      // After driver.js has placed its own focus: the step's main button.
      requestAnimationFrame(() => popover.nextButton.focus());
    },
    onNextClick: () => {
      if (tour.isLastStep()) {
        outcome = "completed";
        endTour();
      } else tour.moveNext();
    },
    // Escape, a click on the dimmed page: driver.js asks first, and Kairo ends the tour itself.
    onDestroyStarted: endTour,
    onDestroyed: finish,
  });

  // driver.js calls onDestroyed only once a step's animation has finished, so a quick Escape or Skip
  // would end the tour without a word; every way out goes through here instead, once.
  let finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    observer.disconnect();
    stripPopupAttributes();
    live.remove();
    onEnd(outcome);
  }
  function endTour() {
    if (tour.isActive()) tour.destroy();
    finish();
  }

  tour.drive();
  return endTour;
}
