// Serves the built web app: hashed assets cached for a year, every other path answered with
// index.html so the client router can take it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppBindings } from "./types.ts";

export function staticWeb(root: string) {
  const app = new Hono<AppBindings>();
  const index = readFileSync(join(root, "index.html"), "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(index);
  });
  return app;
}
