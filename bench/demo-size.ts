// What a first visit to the static demo downloads, as a static host serves it: opens /dashboard of
// dist/demo (run `npm run build:demo` first) in Chromium with an empty cache, waits until the demo
// has started, and adds up every file the page fetched, raw and gzip-compressed (level 9, as static
// hosts compress; the WebAssembly and data files too). Prints the largest files and the totals.
//   node bench/demo-size.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startStaticServer } from "../tests/support/static-server.ts";

const DEMO = join(import.meta.dirname, "../dist/demo");
const site = await startStaticServer(DEMO);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  const started = Date.now();
  await page.goto(`${site.url}/dashboard`);
  await page.getByRole("button", { name: "Reset demo data" }).waitFor({ timeout: 120_000 });
  await page
    .getByRole("region", { name: "Recent Tasks" })
    .getByText("Review the quarterly budget")
    .waitFor({ timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  const files = [...new Set(site.requests.map((r) => r.split(" ")[1]!))].map((path) => {
    const file = path === "/dashboard" ? "index.html" : path.slice(1);
    const bytes = readFileSync(join(DEMO, file));
    return { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  for (const f of files.slice(0, 8))
    console.info(`${kb(f.gzip).padStart(8)} gzip ${kb(f.raw).padStart(8)} raw  ${f.path}`);
  const sum = (k: "raw" | "gzip", only = (_: string) => true) =>
    files.filter((f) => only(f.path)).reduce((n, f) => n + f[k], 0);
  const pglite = (p: string) => /pglite|initdb/.test(p);
  console.info(
    `first visit: ${files.length} files, ${kb(sum("gzip"))} gzip (${kb(sum("raw"))} raw); of which PGlite's WebAssembly and data ${kb(sum("gzip", pglite))} gzip; the app and its in-page server ${kb(sum("gzip", (p) => !pglite(p)))} gzip`,
  );
  console.info(
    `started and showed the sample tasks after ${seconds.toFixed(1)} s (load average ${(await import("node:os")).loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await browser.close();
  await site.close();
}
