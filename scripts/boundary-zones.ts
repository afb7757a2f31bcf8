// The import zones of the architecture, written as Biome `noRestrictedImports` overrides in
// biome.json. Generated, because two of them are lists Biome cannot compute: Node's built-in modules
// (from `node:module`, never a hand list) and the web features (one override each, naming every
// other feature). `node scripts/boundary-zones.ts --write` regenerates them after adding a feature;
// a unit test fails while biome.json is out of step. What Biome cannot say (web takes only types
// from server) stays in scripts/check-boundaries.ts.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

type Pattern = { group: string[]; message: string };
type Override = {
  includes: string[];
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: "error";
          options: { paths?: Record<string, string>; patterns: Pattern[] };
        };
      };
    };
  };
};

const zone = (includes: string[], patterns: Pattern[], paths?: Record<string, string>): Override => ({
  includes,
  linter: {
    rules: {
      style: {
        noRestrictedImports: { level: "error", options: { ...(paths ? { paths } : {}), patterns } },
      },
    },
  },
});

/** A relative specifier reaching `target` (a folder under src/web) from any depth of a feature. */
const fromFeature = (target: string) =>
  ["../", "../../", "../../../", "../../../../"].map((up) => `${up}${target}/**`);

export function webFeatures(): string[] {
  const dir = join(root, "src/web/features");
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

export function zoneOverrides(features: string[]): Override[] {
  const NODE = "Shared code runs in the browser too: no Node built-ins (use web-standard APIs).";
  const bare = builtinModules.filter((m) => !m.startsWith("_") && !m.startsWith("node:")).sort();
  return [
    zone(
      ["src/shared/**"],
      [
        { group: ["node:*"], message: NODE },
        {
          group: ["#server/**", "#web/**", "**/server/**", "**/web/**"],
          message: "Shared code imports neither server nor web code.",
        },
      ],
      Object.fromEntries(bare.map((m) => [m, NODE])),
    ),
    zone(
      ["src/web/components/**", "src/web/lib/**", "src/web/config/**"],
      [
        {
          group: ["**/features/**", "#web/features/**", "**/app/**", "#web/app/**"],
          message:
            "components/, lib/ and config/ serve every feature: they import no feature and no app/ code.",
        },
      ],
    ),
    zone(
      ["src/server/http/**", "src/server/auth/**"],
      [
        {
          group: ["**/modules/**", "#server/modules/**"],
          message: "http/ and auth/ sit below the modules: they take what they need as parameters.",
        },
      ],
    ),
    ...features.map((feature) =>
      zone(
        [`src/web/features/${feature}/**`],
        [
          {
            group: features
              .filter((other) => other !== feature)
              .flatMap((other) => [...fromFeature(other), `#web/features/${other}/**`]),
            message: "Web features meet only in routes (src/web/app): a feature never imports another.",
          },
          {
            group: [...fromFeature("app"), "#web/app/**"],
            message: "A feature does not import app/ (routes, layouts, guards); app/ composes features.",
          },
        ],
      ),
    ),
  ];
}

const isZone = (o: { linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }) =>
  Boolean(o.linter?.rules?.style?.noRestrictedImports);

export function readBiomeConfig() {
  return JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
}

/** biome.json's overrides: its own ones first, then the generated zones. */
export function withZones(config: { overrides?: object[] }, zones: Override[]) {
  const own = (config.overrides ?? []).filter((o) => !isZone(o as never));
  return { ...config, overrides: [...own, ...zones] };
}

if (process.argv.includes("--write")) {
  const next = withZones(readBiomeConfig(), zoneOverrides(webFeatures()));
  writeFileSync(join(root, "biome.json"), `${JSON.stringify(next, null, 2)}\n`);
  console.info(`biome.json: ${next.overrides.length} overrides written`);
}
