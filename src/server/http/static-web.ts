// Serves the built web app: hashed assets cached for a year, "/" answered with the pre-rendered
// landing page (its own light entry, landing.html), and every other path with the app's index.html
// so the client router can take it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppBindings } from "./types.ts";

export function staticWeb(root: string) {
  const app = new Hono<AppBindings>();
  const index = readFileSync(join(root, "index.html"), "utf8");
  // A build without the landing entry (made before it existed) still works: the app's own "/" route
  // shows the same page, only with the app's heavier scripts.
  const landingFile = join(root, "landing.html");
  const landing = existsSync(landingFile) ? readFileSync(landingFile, "utf8") : index;
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
  // Exactly "/": before serveStatic, which would answer it with index.html.
  app.get("/", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(landing);
  });
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(index);
  });
  return app;
}
