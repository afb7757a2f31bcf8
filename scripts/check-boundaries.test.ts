import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allowedServerImports,
  readBiomeConfig,
  SERVER_MODULE_IMPORTS,
  SERVER_SERVICES,
  serverModules,
  webFeatures,
  withZones,
  zoneOverrides,
} from "./boundary-zones.ts";
import { findBoundaryProblems } from "./check-boundaries.ts";

const root = resolve(import.meta.dirname, "..");

describe("check-boundaries", () => {
  it("refuses the fixture files that break the rules Biome cannot say (imports, plan questions in routes), and nothing else", () => {
    expect(findBoundaryProblems(join(root, "tests/fixtures/boundaries"))).toEqual([
      'src/server/modules/reports/reports.ts imports "#web/lib/theme.ts": server must not import web',
      'src/web/features/reports/report-list.tsx imports "../../lib/theme.ts": name it by its alias, #web/lib/theme.ts',
      'src/web/features/reports/report-page.tsx imports "../../../server/modules/reports/reports.ts": web may import only types from server',
      'src/web/features/reports/report-page.tsx imports "../../../server/modules/reports/reports.ts": name it by its alias, #server/modules/reports/reports.ts',
      "src/server/modules/reports/routes.ts:6 asks entitlements.forPerson: a route leaves plan questions to its use case",
      "src/server/modules/reports/routes.ts:10 asks entitlements.require with no input read after it: the use case asks",
      "src/server/modules/reports/summary-routes.ts:5 asks entitlements.require in a helper a route calls with no input read after it",
    ]);
  });

  it("finds nothing in the project itself", () => {
    expect(findBoundaryProblems(root)).toEqual([]);
  });
});

describe("Biome import zones", () => {
  it("are in biome.json as boundary-zones.ts generates them (run it with --write after adding a feature)", () => {
    const config = readBiomeConfig();
    expect(config.overrides).toEqual(
      withZones(config, zoneOverrides(webFeatures(), serverModules())).overrides,
    );
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

  it("say for every server module which modules it may import (add a new module to SERVER_MODULE_IMPORTS)", () => {
    expect(Object.keys(SERVER_MODULE_IMPORTS).sort()).toEqual(serverModules());
    for (const [module, allowed] of Object.entries(SERVER_MODULE_IMPORTS)) {
      for (const other of allowed) expect(serverModules(), `${module} may import ${other}`).toContain(other);
      // Services stay below the features: they import no module.
      if ((SERVER_SERVICES as readonly string[]).includes(module)) expect(allowed).toEqual([]);
    }
  });

  it("keep a server module from the modules it may not import, and let it reach the services", () => {
    const modules = ["billing", "entitlements", "tasks", "workflows"];
    const zone = zoneOverrides([], modules).find((z) => z.includes[0] === "src/server/modules/workflows/**");
    const groups = zone!.linter.rules.style.noRestrictedImports.options.patterns.flatMap((p) => p.group);
    expect(groups).toContain("../billing/**");
    expect(groups).toContain("#server/modules/billing/**");
    expect(groups.some((g) => g.includes("/tasks/") || g.includes("/entitlements/"))).toBe(false);
    expect(allowedServerImports("entitlements")).toEqual([]);
  });
});
