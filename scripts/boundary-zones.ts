// The import zones of the architecture, written as Biome `noRestrictedImports` overrides in
// biome.json. Generated, because three of them are lists Biome cannot compute: Node's built-in
// modules (from `node:module`, never a hand list), the web features (one override each, naming
// every other feature) and the server modules (one override each, naming every module it may not
// import: SERVER_MODULE_IMPORTS below says which it may). `node scripts/boundary-zones.ts --write`
// regenerates them after adding a feature or a module; a unit test fails while biome.json is out of
// step. What Biome cannot say (web takes only types from server, routes do not ask the plan) stays
// in scripts/check-boundaries.ts.
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

/**
 * Which server modules each server module may import (decision 153). Three kinds: services every
 * module may ask (SERVER_SERVICES: the plan, the person's switches, writing a notification), which
 * import no module themselves; a few features built on another one's rules (account deletion
 * keeps a super admin and ends a subscription, the admin overrides a plan and makes its team,
 * billing seats a team, insights read analytics and tasks, voice and workflows act on tasks, a
 * task's change writes its history in comments); and
 * every other pair, refused. A new module must be added here before the zones are generated.
 */
export const SERVER_SERVICES = ["entitlements", "notifications", "preferences"] as const;
export const SERVER_MODULE_IMPORTS: Record<string, readonly string[]> = {
  account: ["admin", "billing", "projects"],
  admin: ["billing", "team"],
  "ai-insights": ["analytics", "permissions", "tasks"],
  analytics: ["permissions"],
  assistant: [],
  billing: ["projects", "team"],
  "calendar-integrations": ["planner"],
  "client-errors": [],
  comments: ["permissions"],
  dev: [],
  entitlements: [],
  health: [],
  // Import (decisions 275, 276): a file becomes projects, milestones and tasks written in one go.
  import: ["projects", "tasks"],
  // The MCP server (decision 293): its tools call the use cases /api/v1 calls, behind the OAuth
  // provider's tokens (platform).
  mcp: ["platform", "tasks", "comments", "planner", "ai-insights"],
  notifications: [],
  platform: ["tasks", "projects", "comments", "pomodoro", "analytics", "planner", "reminders", "ai-insights"],
  planner: ["ai-insights", "analytics", "permissions"],
  // The permission table's server side (decision 160): asked by every team, project and task route.
  permissions: [],
  pomodoro: [],
  preferences: [],
  profile: [],
  projects: ["permissions"],
  push: [],
  // A reminder is on a task and links to it; it fires into notifications and Web Push (decision 246).
  reminders: ["comments", "notifications", "permissions", "push", "tasks"],
  retention: [],
  // A task's change writes its history entry (decision 167).
  // ...and a deadline change moves its reminders (decision 245).
  tasks: ["comments", "permissions", "projects", "reminders"],
  team: ["permissions", "projects"],
  "team-activity": [],
  tour: [],
  voice: ["tasks"],
  webhooks: [],
  workflows: ["permissions", "tasks"],
};

/** A specifier reaching server module `target` from any depth of another module (or by alias). */
const toServerModule = (target: string) => [
  ...["../", "../../", "../../../"].map((up) => `${up}${target}/**`),
  `#server/modules/${target}/**`,
];

export function serverModules(): string[] {
  const dir = join(root, "src/server/modules");
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

/** The modules `module` may import: its own list, and the services unless it is one. */
export function allowedServerImports(module: string): string[] {
  const services: readonly string[] = SERVER_SERVICES;
  return [...(services.includes(module) ? [] : services), ...(SERVER_MODULE_IMPORTS[module] ?? [])];
}

export function webFeatures(): string[] {
  const dir = join(root, "src/web/features");
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

export function zoneOverrides(features: string[], modules: string[] = []): Override[] {
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
      [
        "src/server/http/**",
        "src/server/auth/**",
        "src/server/db/**",
        "src/server/events/**",
        "src/server/providers/**",
        "src/server/crypto/**",
      ],
      [
        {
          group: ["**/modules/**", "#server/modules/**"],
          message:
            "http/, auth/, db/, events/, providers/ and crypto/ sit below the modules: they take what they need as parameters.",
        },
      ],
    ),
    ...modules.map((module) =>
      zone(
        [`src/server/modules/${module}/**`],
        [
          {
            group: modules
              .filter((other) => other !== module && !allowedServerImports(module).includes(other))
              .flatMap(toServerModule),
            message: `A server module imports only the services (${SERVER_SERVICES.join(", ")}) and the modules SERVER_MODULE_IMPORTS in scripts/boundary-zones.ts allows it (decision 153).`,
          },
          {
            group: [
              "**/app.ts",
              "**/kairo.ts",
              "**/api-routes.ts",
              "**/main.ts",
              "#server/app.ts",
              "#server/kairo.ts",
            ],
            message:
              "Modules are composed by app.ts and kairo.ts; they take their dependencies (deps.ts types) as parameters.",
          },
        ],
      ),
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
  const next = withZones(readBiomeConfig(), zoneOverrides(webFeatures(), serverModules()));
  writeFileSync(join(root, "biome.json"), `${JSON.stringify(next, null, 2)}\n`);
  console.info(`biome.json: ${next.overrides.length} overrides written`);
}
