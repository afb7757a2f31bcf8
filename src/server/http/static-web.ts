// Serves the built web app: hashed assets cached for a year, "/" answered with the pre-rendered
// landing page (its own light entry, landing.html), and every other path with the app's index.html
// so the client router can take it. Assets are served from the brotli or gzip copies the build wrote
// beside them; the two HTML pages are compressed once here, at start-up.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { negotiateEncoding } from "./compression.ts";
import type { AppBindings } from "./types.ts";

type Page = { raw: Buffer; br: Buffer; gzip: Buffer };

function page(html: string): Page {
  const raw = Buffer.from(html);
  return {
    raw,
    br: brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

function sendPage(c: Context<AppBindings>, p: Page) {
  c.header("Cache-Control", "no-cache");
  c.header("Content-Type", "text/html; charset=UTF-8");
  c.header("Vary", "Accept-Encoding");
  const encoding = negotiateEncoding(c.req.header("accept-encoding"));
  if (!encoding) return c.body(new Uint8Array(p.raw));
  c.header("Content-Encoding", encoding);
  return c.body(new Uint8Array(p[encoding]));
}

/** The landing page's canonical address, absolute as search engines want it. */
function withCanonical(html: string, publicUrl: string | undefined): string {
  if (!publicUrl) return html;
  const href = new URL("/", publicUrl).href;
  return html.replace("</head>", () => `<link rel="canonical" href="${href}" />\n  </head>`);
}

export function staticWeb(root: string, options: { publicUrl?: string } = {}) {
  const app = new Hono<AppBindings>();
  const indexHtml = readFileSync(join(root, "index.html"), "utf8");
  const index = page(indexHtml);
  // A build without the landing entry (made before it existed) still works: the app's own "/" route
  // shows the same page, only with the app's heavier scripts.
  const landingFile = join(root, "landing.html");
  const landing = existsSync(landingFile)
    ? page(withCanonical(readFileSync(landingFile, "utf8"), options.publicUrl))
    : index;
  const assets = serveStatic({ root, precompressed: true });
  app.use("/assets/*", async (c, next) => {
    // Set up front and withdrawn when the file is missing: @hono/node-server 2.1.8 declares serveStatic's
    // onFound option but never calls it.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return assets(c, async () => {
      c.header("Cache-Control", undefined);
      await next();
    });
  });
  // The build's bookkeeping (.vite/manifest.json) and any other dot-file are not part of the site.
  app.all("*", async (c, next) => {
    if (c.req.path.split("/").some((segment) => segment.startsWith("."))) {
      return c.text("Not found", 404);
    }
    await next();
  });
  // The service worker and the web app manifest keep their names from build to build, so the browser
  // must ask each time whether they changed (decision 280); the worker's scope is the whole site.
  app.use("/sw.js", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "no-cache");
  });
  app.use("/manifest.webmanifest", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "no-cache");
  });
  // Exactly "/": before serveStatic, which would answer it with index.html.
  app.get("/", (c) => sendPage(c, landing));
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", (c) => sendPage(c, index));
  return app;
}
