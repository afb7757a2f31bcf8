import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { staticWeb } from "./static-web.ts";

const APP = '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>';
const LANDING =
  '<!doctype html><div id="root"><h1>Plan less.</h1></div><script src="/assets/landing.js"></script>';

const roots: string[] = [];
function webRoot({ withLanding }: { withLanding: boolean }): string {
  const root = mkdtempSync(join(tmpdir(), "kairo-static-web-"));
  roots.push(root);
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), APP);
  if (withLanding) writeFileSync(join(root, "landing.html"), LANDING);
  writeFileSync(join(root, "assets", "app.js"), "console.info('app');");
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("staticWeb", () => {
  it('answers exactly "/" with the pre-rendered landing page, never cached stale', async () => {
    const web = staticWeb(webRoot({ withLanding: true }));
    for (const path of ["/", "/?ref=newsletter"]) {
      const res = await web.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(LANDING);
    }
  });

  it("answers every other page with the app, for its router", async () => {
    const web = staticWeb(webRoot({ withLanding: true }));
    for (const path of ["/login", "/dashboard", "/terms-of-service", "/no-such-page", "/settings/"]) {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
      expect(await res.text(), path).toBe(APP);
    }
  });

  it("does not serve the build's manifest or any other dot-file", async () => {
    const root = webRoot({ withLanding: true });
    mkdirSync(join(root, ".vite"));
    writeFileSync(join(root, ".vite", "manifest.json"), '{"src/main.tsx":{}}');
    const web = staticWeb(root);
    for (const path of ["/.vite/manifest.json", "/.vite/", "/assets/.hidden"]) {
      const res = await web.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("src/main.tsx");
    }
  });

  it("serves hashed assets with a year-long cache", async () => {
    const res = await staticWeb(webRoot({ withLanding: true })).request("/assets/app.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("console.info('app');");
  });

  it("never marks the app's page immutable when an asset is missing", async () => {
    const res = await staticWeb(webRoot({ withLanding: true })).request("/assets/gone-1234.js");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it('falls back to the app at "/" for a build made before the landing entry existed', async () => {
    const res = await staticWeb(webRoot({ withLanding: false })).request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(APP);
  });

  it("serves the service worker and the web app manifest under fixed names, revalidated each time", async () => {
    const root = webRoot({ withLanding: true });
    writeFileSync(join(root, "sw.js"), "self.addEventListener('push', () => {});");
    writeFileSync(join(root, "manifest.webmanifest"), '{"name":"Kairo"}');
    const web = staticWeb(root);
    const worker = await web.request("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const manifest = await web.request("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(await manifest.json()).toEqual({ name: "Kairo" });
  });
});
