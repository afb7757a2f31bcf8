// Enforces the architecture's import direction:
//   src/shared imports neither src/server nor src/web (nor Node built-ins: it must run in the browser);
//   src/web takes only types from src/server; web features never import each other.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const src = join(root, "src");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const IMPORT =
  /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

function resolveTarget(file: string, spec: string): string | null {
  if (spec.startsWith("#shared/")) return join(src, "shared", spec.slice(8));
  if (spec.startsWith("#server/")) return join(src, "server", spec.slice(8));
  if (spec.startsWith("#web/")) return join(src, "web", spec.slice(5));
  if (spec.startsWith(".")) return resolve(dirname(file), spec);
  return null;
}

const area = (p: string) => relative(src, p).split("/")[0];
const feature = (p: string) => {
  const parts = relative(join(src, "web", "features"), p).split("/");
  return parts[0] === ".." || parts.length < 2 ? null : parts[0];
};

const problems: string[] = [];
for (const file of walk(src)) {
  const text = readFileSync(file, "utf8");
  const from = area(file);
  for (const m of text.matchAll(IMPORT)) {
    const typeOnly = Boolean(m[2]);
    const spec = (m[3] ?? m[4] ?? m[5])!;
    const where = `${relative(root, file)} imports "${spec}"`;
    if (from === "shared" && /^(node:|fs$|path$|crypto$)/.test(spec))
      problems.push(`${where}: shared code must not use Node built-ins`);
    const target = resolveTarget(file, spec);
    if (!target) continue;
    const to = area(target);
    if (from === "shared" && to !== "shared")
      problems.push(`${where}: shared imports neither server nor web`);
    if (from === "web" && to === "server" && !typeOnly)
      problems.push(`${where}: web may import only types from server`);
    if (from === "server" && to === "web") problems.push(`${where}: server must not import web`);
    const ff = feature(file);
    const tf = feature(target);
    if (ff && tf && ff !== tf) problems.push(`${where}: features meet only in routes (${ff} -> ${tf})`);
  }
}

if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.info("import boundaries: ok");
