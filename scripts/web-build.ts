// The built web app in dist/web, rebuilt when it is missing, incomplete, older than anything it is
// built from, or not a production build. Used by `npm start`, `npm run bench` and the browser tests'
// build, so none of them runs on a stale or development build, whatever NODE_ENV the shell sets
// (docs/decisions/145-production-build-whatever-node-env.md).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export type WebBuildState = "missing" | "stale" | "development" | "fresh";

// package.json: its "imports" map resolves #web/* and #shared/*.
const SOURCES = [
  "src/web",
  "src/shared",
  "vite.config.ts",
  "scripts/precompress.ts",
  "package.json",
  "package-lock.json",
];

/** Written by the build (vite.config.ts) beside its manifest: whether it is a production build. */
export const BUILD_INFO = ".vite/kairo-build.json";
export type BuildInfo = { production: boolean };

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

function buildInfo(dist: string): Partial<BuildInfo> | undefined {
  try {
    return JSON.parse(readFileSync(join(dist, BUILD_INFO), "utf8")) as Partial<BuildInfo>;
  } catch {
    return undefined;
  }
}

/**
 * Whether dist/web under `root` holds a complete production build newer than every source it is
 * made from. A development build (React's development code, the landing page rendered in the
 * browser by a dev-only chunk, files too small to compress) is never fresh; nor is a build from
 * before the build recorded its mode.
 */
export function webBuildState(root: string): WebBuildState {
  const dist = join(root, "dist/web");
  const landing = join(dist, "landing.html");
  // landing.html.br is written last (scripts/precompress.ts): a build without it stopped early or
  // predates precompression.
  const outputs = [join(dist, "index.html"), landing, join(dist, ".vite/manifest.json"), `${landing}.br`];
  if (!outputs.every((file) => existsSync(file))) return "missing";
  // The build writes landing.html twice, the pre-rendered page last: an empty root means it stopped.
  if (readFileSync(landing, "utf8").includes('<div id="root"></div>')) return "missing";
  const info = buildInfo(dist);
  if (info?.production === undefined) return "stale";
  if (!info.production) return "development";
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  return changedAt > builtAt ? "stale" : "fresh";
}

/**
 * The production build, whatever the caller's environment says: Vite keeps a NODE_ENV it finds set
 * (so `NODE_ENV=development` gives a development build even with `--mode production`), hence the
 * override here.
 */
export function webBuildCommand(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  return {
    command: process.execPath,
    args: [
      join(root, "node_modules/vite/bin/vite.js"),
      "build",
      "--mode",
      "production",
      "--logLevel",
      "warn",
    ],
    env: { ...env, NODE_ENV: "production" },
  };
}

const REASONS: Record<Exclude<WebBuildState, "fresh">, string> = {
  missing: "Building the web app...",
  stale: "Rebuilding the web app (sources changed)...",
  development: "Rebuilding the web app (dist/web holds a development build; npm start serves production)...",
};

/** Builds the web app unless the build is fresh; exits the process if the build fails. */
export function ensureWebBuild(root: string): void {
  const state = webBuildState(root);
  if (state === "fresh") return;
  console.info(REASONS[state]);
  const { command, args, env } = webBuildCommand(root);
  const build = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `node scripts/web-build.ts`: the same build `npm start` makes, without starting the server (the
// browser tests' build step).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild(fileURLToPath(new URL("..", import.meta.url)));
}
