// The built web app in dist/web, rebuilt when it is missing, incomplete or older than anything it is
// built from. Used by `npm start` and `npm run bench`, so neither runs on a stale build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export type WebBuildState = "missing" | "stale" | "fresh";

const SOURCES = ["src/web", "src/shared", "vite.config.ts", "scripts/precompress.ts", "package-lock.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** Whether dist/web under `root` holds a complete build newer than every source it is made from. */
export function webBuildState(root: string): WebBuildState {
  const dist = join(root, "dist/web");
  const landing = join(dist, "landing.html");
  // landing.html.br is written last (scripts/precompress.ts): a build without it stopped early or
  // predates precompression.
  const outputs = [join(dist, "index.html"), landing, join(dist, ".vite/manifest.json"), `${landing}.br`];
  if (!outputs.every((file) => existsSync(file))) return "missing";
  // The build writes landing.html twice, the pre-rendered page last: an empty root means it stopped.
  if (readFileSync(landing, "utf8").includes('<div id="root"></div>')) return "missing";
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  return changedAt > builtAt ? "stale" : "fresh";
}

/** Builds the web app unless the build is fresh; exits the process if the build fails. */
export function ensureWebBuild(root: string): void {
  const state = webBuildState(root);
  if (state === "fresh") return;
  console.info(
    state === "missing" ? "Building the web app..." : "Rebuilding the web app (sources changed)...",
  );
  const build = spawnSync(
    process.execPath,
    [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
