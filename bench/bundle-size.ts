// Gzip size of the JavaScript a page loads before it is interactive, from Vite's build manifest: an
// HTML entry's chunk, the lazy chunks of the route it opens, and everything they import statically.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

/**
 * @param entry the HTML entry as the manifest names it: "landing.html" (served at "/") or
 *   "index.html" (the app, every other address)
 * @param routeModules lazy route modules the entry loads for the page measured, e.g.
 *   "app/routes/dashboard.tsx"
 */
export function entryJsGzipBytes(
  distDir: string,
  entry: string,
  routeModules: string[] = [],
): { bytes: number; files: string[] } {
  const manifest: Manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"));
  if (!manifest[entry]?.isEntry) throw new Error(`${entry} is not an entry of the build`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry);
  for (const route of routeModules) {
    if (!manifest[route]) throw new Error(`route module ${route} not in the manifest`);
    visit(route);
  }
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js"));
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length,
    0,
  );
  return { bytes, files };
}
