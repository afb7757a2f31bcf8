// The tour's step list: 11 steps with the spec's fields and placements, every target marked on a
// real part of the dashboard's source, and the rules for visible targets and the buttons.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveTourSteps, TOUR_PLACEMENTS, TOUR_STEPS, tourButtons } from "./tour-steps.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".tsx") && !path.includes(`${join("features", "tour")}`) ? [path] : [];
  });
}

describe("the guided tour's steps", () => {
  it("has 11 steps with unique ids, a title, content and a valid placement", () => {
    expect(TOUR_STEPS).toHaveLength(11);
    expect(new Set(TOUR_STEPS.map((s) => s.id)).size).toBe(11);
    for (const step of TOUR_STEPS) {
      expect(step.title.trim(), step.id).not.toBe("");
      expect(step.content.length, step.id).toBeGreaterThan(20);
      expect(TOUR_PLACEMENTS).toContain(step.placement);
      expect(step.target.length, step.id).toBeGreaterThan(0);
    }
  });

  it("walks the dashboard's parts in the spec's order", () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual([
      "navigation",
      "new-task",
      "task-timer",
      "quick-capture",
      "pomodoro",
      "weekly-calendar",
      "analytics",
      "ai-insights",
      "workflows",
      "team-workspace",
      "settings",
    ]);
  });

  it("points every target at a data-tour marker that the web app's components render", () => {
    const root = join(import.meta.dirname, "..", "..");
    const source = sourceFiles(root)
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    // Markers are written literally (data-tour="x") or built from a nav item's id (data-tour={`nav-${id}`}).
    const navIds = [
      ...readFileSync(join(root, "app", "layouts", "nav-items.ts"), "utf8").matchAll(/id: "([a-z-]+)"/g),
    ].map((m) => m[1]);
    const tabMarkers = [...source.matchAll(/tour: "([a-z-]+)"/g)].map((m) => m[1]);
    const marked = new Set([
      ...[...source.matchAll(/data-tour="([a-z-]+)"/g)].map((m) => m[1]),
      // A marker on one element of a list: data-tour={index === 0 ? "x" : undefined}
      ...[...source.matchAll(/data-tour=\{[^"}]*"([a-z-]+)"/g)].map((m) => m[1]),
      ...(source.includes(["data-tour={`nav-$", "{item.id}`}"].join(""))
        ? navIds.map((id) => `nav-${id}`)
        : []),
      ...tabMarkers,
    ]);
    for (const step of TOUR_STEPS) {
      for (const marker of step.target) expect(marked, `${step.id} → ${marker}`).toContain(marker);
    }
  });

  it("offers a phone target for every step whose first target is in the sidebar", () => {
    for (const step of TOUR_STEPS) {
      if (step.target[0]!.startsWith("nav-") || step.target[0] === "navigation") {
        expect(step.target.length, step.id).toBeGreaterThan(1);
      }
    }
  });
});

describe("resolveTourSteps", () => {
  it("highlights the first visible target and leaves out steps with none", () => {
    const visible = new Set(["navigation", "recent-tasks", "quick-capture", "tab-tools"]);
    const shown = resolveTourSteps(TOUR_STEPS, (m) => visible.has(m));
    expect(shown.map((s) => [s.step.id, s.marker])).toEqual([
      ["navigation", "navigation"],
      ["new-task", "recent-tasks"],
      ["task-timer", "recent-tasks"],
      ["quick-capture", "quick-capture"],
      ["analytics", "tab-tools"],
      ["workflows", "tab-tools"],
      ["team-workspace", "tab-tools"],
      ["settings", "tab-tools"],
    ]);
  });

  it("shows nothing when no target is on the page", () => {
    expect(resolveTourSteps(TOUR_STEPS, () => false)).toEqual([]);
  });
});

describe("tourButtons", () => {
  it("disables Previous on the first step and says Finish on the last", () => {
    expect(tourButtons(0, 11)).toEqual({ previousDisabled: true, nextLabel: "Next", progress: "1 of 11" });
    expect(tourButtons(5, 11)).toEqual({ previousDisabled: false, nextLabel: "Next", progress: "6 of 11" });
    expect(tourButtons(10, 11)).toEqual({
      previousDisabled: false,
      nextLabel: "Finish",
      progress: "11 of 11",
    });
    expect(tourButtons(0, 1)).toEqual({ previousDisabled: true, nextLabel: "Finish", progress: "1 of 1" });
  });
});
