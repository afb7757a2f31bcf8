// /robots.txt and /sitemap.xml for search engines: plain text and XML, never the app's HTML. The
// addresses are absolute, on the public address the server is configured with (PUBLIC_URL).
import { Hono } from "hono";
import { siteConfig } from "#shared/domain/site-config.ts";
import type { AppBindings } from "./types.ts";

/** The public pages worth indexing: the landing page, the legal pages, sign-up and sign-in. */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/signup",
  "/login",
  ...siteConfig.legalPages.map((p) => p.href),
];

/** Signed-in areas and API calls: nothing there for a search engine. */
const DISALLOWED = [
  "/api/",
  "/dashboard",
  "/settings",
  "/ai-insights",
  "/workflow-automation",
  "/team-workspace",
  "/projects",
  "/assigned",
  "/admin",
  "/auth/",
  "/calendar-callback",
];

export function siteFiles(publicUrl: string) {
  const at = (path: string) => new URL(path, publicUrl).href;
  const robots = [
    "User-agent: *",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${at("/sitemap.xml")}`,
    "",
  ].join("\n");
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${at(path)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Hono<AppBindings>()
    .get("/robots.txt", (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.text(robots);
    })
    .get("/sitemap.xml", (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      c.header("Content-Type", "application/xml; charset=UTF-8");
      return c.body(sitemap);
    });
}
