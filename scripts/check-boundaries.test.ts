import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readBiomeConfig, webFeatures, withZones, zoneOverrides } from "./boundary-zones.ts";
import { findBoundaryProblems } from "./check-boundaries.ts";

const root = resolve(import.meta.dirname, "..");

describe("check-boundaries", () => {
  it("refuses the fixture files that break the rules Biome cannot say, and nothing else", () => {
    expect(findBoundaryProblems(join(root, "tests/fixtures/boundaries"))).toEqual([
      'src/server/modules/reports/reports.ts imports "#web/lib/theme.ts": server must not import web',
      'src/web/features/reports/report-page.tsx imports "../../../server/modules/reports/reports.ts": web may import only types from server',
    ]);
  });

  it("finds nothing in the project itself", () => {
    expect(findBoundaryProblems(root)).toEqual([]);
  });
});

describe("Biome import zones", () => {
  it("are in biome.json as boundary-zones.ts generates them (run it with --write after adding a feature)", () => {
    const config = readBiomeConfig();
    expect(config.overrides).toEqual(withZones(config, zoneOverrides(webFeatures())).overrides);
  });

  it("name every Node built-in for shared code, from node:module", () => {
    const shared = zoneOverrides([])[0]!;
    const paths = shared.linter.rules.style.noRestrictedImports.options.paths ?? {};
    for (const m of builtinModules.filter((b) => !b.startsWith("_") && !b.startsWith("node:")))
      expect(Object.keys(paths)).toContain(m);
  });

  it("keep each feature from every other feature and from app/", () => {
    const tasks = zoneOverrides(["billing", "tasks"]).find(
      (z) => z.includes[0] === "src/web/features/tasks/**",
    );
    const groups = tasks!.linter.rules.style.noRestrictedImports.options.patterns.flatMap((p) => p.group);
    expect(groups).toContain("../../billing/**");
    expect(groups).toContain("#web/features/billing/**");
    expect(groups).toContain("#web/app/**");
    expect(groups.some((g) => g.includes("/tasks/"))).toBe(false);
  });
});
