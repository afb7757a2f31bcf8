import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { precompressDir } from "./scripts/precompress.ts";
import { BUILD_INFO, type BuildInfo } from "./scripts/web-build.ts";

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const webOut = fromHere("./dist/web");
// The landing page compiled for Node, only while the build runs (see prerenderLanding).
const prerenderOut = fromHere("./dist/prerender");
const demoOut = fromHere("./dist/demo");

/**
 * Two pages: index.html is the app (React Router, TanStack Query, every route lazy), landing.html is
 * what the server sends for "/" (React alone). The build renders the landing page to HTML once and
 * writes it into landing.html, which the browser then hydrates (docs/decisions/011-light-landing-entry.md).
 */
export default defineConfig(({ mode }) => (mode === "demo" ? demoConfig() : appConfig()));

function appConfig(): UserConfig {
  return {
    root: fromHere("./src/web"),
    publicDir: fromHere("./src/web/public"),
    plugins: [react(), tailwindcss()],
    build: {
      sourcemap: false,
      manifest: true,
      target: "es2022",
      // Every browser Kairo supports preloads modules itself; the polyfill would be one more request.
      modulePreload: { polyfill: false },
    },
    environments: {
      client: {
        build: {
          outDir: webOut,
          emptyOutDir: true,
          rolldownOptions: {
            input: { app: fromHere("./src/web/index.html"), landing: fromHere("./src/web/landing.html") },
          },
        },
      },
      ssr: {
        build: {
          outDir: prerenderOut,
          emptyOutDir: true,
          manifest: false,
          rolldownOptions: { input: { prerender: fromHere("./src/web/landing/prerender.tsx") } },
        },
      },
    },
    builder: {
      async buildApp(builder) {
        await builder.build(builder.environments.client!);
        await builder.build(builder.environments.ssr!);
        await prerenderLanding();
        await preloadFont(["landing.html", "index.html"]);
        // What `npm start` checks before serving dist/web: a development build is never served
        // (scripts/web-build.ts, decision 145).
        const info: BuildInfo = { production: builder.config.isProduction };
        await writeFile(`${webOut}/${BUILD_INFO}`, `${JSON.stringify(info)}\n`);
        // Last, so the pre-rendered landing.html is compressed as it ships (decision 030).
        precompressDir(webOut);
      },
    },
    server: {
      port: 5173,
      proxy: {
        "/api": { target: apiTarget, changeOrigin: false },
        "/socket.io": { target: apiTarget, ws: true },
      },
    },
  };
}

/**
 * The static demo (`npm run build:demo`, docs/decisions/082-demo-in-the-browser.md): the app alone,
 * in dist/demo, for any static host with a fallback to index.html. Its entry is src/demo/main.tsx,
 * which starts the server's routes and use cases in the page over PGlite in IndexedDB and then the
 * app; Node's modules the server code names are replaced by the shims in src/demo/shims.
 */
function demoConfig(): UserConfig {
  return {
    root: fromHere("./src/web"),
    publicDir: fromHere("./src/web/public"),
    plugins: [react(), tailwindcss(), demoEntry(), bundledMigrations()],
    define: { "import.meta.env.KAIRO_DEMO": "true" },
    resolve: {
      alias: {
        "node:crypto": fromHere("./src/demo/shims/node-crypto.ts"),
        "node:async_hooks": fromHere("./src/demo/shims/async-hooks.ts"),
        nodemailer: fromHere("./src/demo/shims/nodemailer.ts"),
        // The CSV import and export: node-csv's browser builds carry their own Buffer (the Node
        // builds touch Buffer as they load, which stopped the demo's server from starting).
        "csv-parse/sync": "csv-parse/browser/esm/sync",
        "csv-stringify/sync": "csv-stringify/browser/esm/sync",
      },
    },
    // PGlite fetches its WebAssembly and data files next to its module; Vite must not pre-bundle it.
    optimizeDeps: { exclude: ["@electric-sql/pglite"] },
    build: {
      outDir: demoOut,
      emptyOutDir: true,
      sourcemap: false,
      target: "es2022",
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { app: fromHere("./src/web/index.html") } },
    },
  };
}

/** index.html loads src/demo/main.tsx instead of the app's main.tsx (which the demo entry imports). */
function demoEntry(): Plugin {
  const appMain = fromHere("./src/web/main.tsx");
  const demoMain = fromHere("./src/demo/main.tsx");
  return {
    name: "kairo-demo-entry",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer?.endsWith("index.html")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === appMain ? demoMain : null;
    },
  };
}

/** `virtual:kairo-migrations`: the server's migrations (drizzle/), read at build time. */
function bundledMigrations(): Plugin {
  const id = "virtual:kairo-migrations";
  return {
    name: "kairo-bundled-migrations",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(loaded) {
      if (loaded !== `\0${id}`) return null;
      const { readMigrationFiles } = await import("drizzle-orm/migrator");
      const migrations = readMigrationFiles({ migrationsFolder: fromHere("./drizzle") });
      return `export default ${JSON.stringify(migrations)};`;
    },
  };
}

/**
 * The one font file every page shows above the fold (Inter's latin subset) is asked for with the HTML
 * instead of after the stylesheet (decision 031).
 */
async function preloadFont(pages: string[]) {
  const font = (await readdir(`${webOut}/assets`)).find((name) =>
    /^inter-latin-wght-normal-.+\.woff2$/.test(name),
  );
  if (!font) throw new Error("the build has no Inter latin font file to preload");
  const link = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`;
  for (const page of pages) {
    const file = `${webOut}/${page}`;
    const html = await readFile(file, "utf8");
    await writeFile(
      file,
      html.replace("</title>", () => `</title>\n    ${link}`),
    );
  }
}

async function prerenderLanding() {
  const { renderLanding } = (await import(pathToFileURL(`${prerenderOut}/prerender.js`).href)) as {
    renderLanding: () => string;
  };
  const file = `${webOut}/landing.html`;
  const html = await readFile(file, "utf8");
  const emptyRoot = '<div id="root"></div>';
  if (!html.includes(emptyRoot)) throw new Error(`${file} has no empty ${emptyRoot} to fill`);
  await writeFile(
    file,
    html.replace(emptyRoot, () => `<div id="root">${renderLanding()}</div>`),
  );
  await rm(prerenderOut, { recursive: true, force: true });
}
