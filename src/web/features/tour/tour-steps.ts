// The guided tour's 11 steps (spec sections 2 and 9), walking the dashboard's real parts. Pure data
// and rules, no DOM library: tour-runner.ts turns them into driver.js steps when the tour runs.
//
// Each step names its targets as `data-tour` markers in order of preference; the first one visible on
// the page is highlighted. That is how a phone gets its own targets without a second list: the
// sidebar is hidden under 768 px, so the steps fall through to the menu button and the bottom tab
// bar. A step none of whose targets is on the page is skipped, never shown over nothing.
import { TOUR_AUTO_START_MS, TOUR_STEP_COUNT } from "#shared/domain/limits.ts";

export const TOUR_PLACEMENTS = ["center", "top", "bottom", "left", "right"] as const;
export type TourPlacement = (typeof TOUR_PLACEMENTS)[number];

export type TourStep = {
  id: string;
  /** `data-tour` marker values, most specific first. */
  target: readonly string[];
  title: string;
  content: string;
  placement: TourPlacement;
};

export { TOUR_AUTO_START_MS };

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: "navigation",
    target: ["navigation", "open-navigation"],
    title: "Find your way",
    content:
      "The navigation takes you to Overview, Tasks, Calendar and Analytics, and to AI Insights, Workflows, Team Workspace and Settings.",
    placement: "right",
  },
  {
    id: "new-task",
    target: ["new-task", "recent-tasks"],
    title: "Add a task",
    content: "Give it a title, an estimate and a category. Your open tasks appear here.",
    placement: "bottom",
  },
  {
    id: "task-timer",
    target: ["task-timer", "recent-tasks"],
    title: "Track your time",
    content:
      "Start a task's timer when you begin and stop it when you are done: the minutes are logged for you.",
    placement: "bottom",
  },
  {
    id: "quick-capture",
    target: ["quick-capture"],
    title: "Quick capture",
    content:
      'Press Ctrl+K (Cmd+K on a Mac) anywhere to add a task in one line, like "Review budget tomorrow 45m #work", or to jump to a page.',
    placement: "bottom",
  },
  {
    id: "pomodoro",
    target: ["pomodoro"],
    title: "Focus with Pomodoro",
    content: "Pick a work and break length, then start. Kairo counts the sessions you finish today.",
    placement: "left",
  },
  {
    id: "weekly-calendar",
    target: ["weekly-calendar"],
    title: "Your week at a glance",
    content: "Tasks with a deadline and your synced calendar events, Monday to Friday. Step between weeks.",
    placement: "top",
  },
  {
    id: "analytics",
    target: ["nav-analytics", "tab-tools"],
    title: "Analytics",
    content: "See where your time went: completion rate, focus time and trends from what you actually did.",
    placement: "right",
  },
  {
    id: "ai-insights",
    target: ["nav-ai", "tab-ai"],
    title: "AI Insights",
    content:
      "Patterns, predictions and recommendations drawn from your own work, with a burnout alert when it matters.",
    placement: "right",
  },
  {
    id: "workflows",
    target: ["nav-workflows", "tab-tools"],
    title: "Workflows",
    content: "Automate the routine: pick a trigger and the actions Kairo runs for you.",
    placement: "right",
  },
  {
    id: "team-workspace",
    target: ["nav-team", "tab-tools"],
    title: "Team Workspace",
    content: "Invite your team, see who is online and what they are working on.",
    placement: "right",
  },
  {
    id: "settings",
    target: ["nav-settings", "tab-tools"],
    title: "Settings",
    content:
      "Your profile, plan, password, two-factor sign-in, calendars and notifications. You can restart this tour any time from Help.",
    placement: "right",
  },
];

if (TOUR_STEPS.length !== TOUR_STEP_COUNT) {
  throw new Error(`The tour has ${TOUR_STEPS.length} steps; the spec asks for ${TOUR_STEP_COUNT}.`);
}

/** The CSS selector of a `data-tour` marker. */
export const tourSelector = (marker: string) => `[data-tour="${marker}"]`;

/**
 * The steps that can be shown now, each with the marker it will highlight: the first of its targets
 * that `isVisible` accepts. Steps with no visible target are left out.
 */
export function resolveTourSteps(
  steps: readonly TourStep[],
  isVisible: (marker: string) => boolean,
): { step: TourStep; marker: string }[] {
  const shown: { step: TourStep; marker: string }[] = [];
  for (const step of steps) {
    const marker = step.target.find(isVisible);
    if (marker !== undefined) shown.push({ step, marker });
  }
  return shown;
}

/** The buttons a step shows: Previous is disabled on the first, the last says Finish. */
export function tourButtons(index: number, total: number) {
  return {
    previousDisabled: index === 0,
    nextLabel: index === total - 1 ? "Finish" : "Next",
    progress: `${index + 1} of ${total}`,
  };
}
