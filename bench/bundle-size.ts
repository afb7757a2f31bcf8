// Gzip size of the JavaScript a route loads before it is interactive, from Vite's build manifest:
// the entry chunk, the route's lazy chunks, and everything they import statically.
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

export function routeJsGzipBytes(
  distDir: string,
  routeModules: string[],
): { bytes: number; files: string[] } {
  const manifest: Manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entryKey);
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
