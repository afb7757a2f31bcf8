import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INFO, ensureWebBuild, webBuildState } from "./web-build.ts";

// A project folder of its own per test: sources, and dist/web as a build leaves it.
let root: string;
const BUILT = new Date("2026-11-20T10:00:00Z");
const EARLIER = new Date("2026-11-19T10:00:00Z");

function write(path: string, text: string, at: Date) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, at, at);
}

function writeBuild(info: object | null, at = BUILT) {
  write("dist/web/index.html", '<div id="root"></div>', at);
  write("dist/web/landing.html", '<div id="root"><main>Plan less.</main></div>', at);
  write("dist/web/landing.html.br", "compressed", at);
  write("dist/web/.vite/manifest.json", "{}", at);
  if (info) write(`dist/web/${BUILD_INFO}`, JSON.stringify(info), at);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kairo-web-build-"));
  write("src/web/main.tsx", "export {};", EARLIER);
  write("src/shared/contracts/tasks.ts", "export {};", EARLIER);
  write("vite.config.ts", "export default {};", EARLIER);
  write("package-lock.json", "{}", EARLIER);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("webBuildState: whether npm start may serve dist/web as it is", () => {
  it("is fresh for a complete production build newer than every source", () => {
    writeBuild({ production: true });
    expect(webBuildState(root)).toBe("fresh");
  });

  it("is never fresh for a development build, however new (NODE_ENV=development npm start once built one)", () => {
    writeBuild({ production: false });
    expect(webBuildState(root)).toBe("development");
  });

  it("is stale for a build that does not say whether it is a production build (built before it did)", () => {
    writeBuild(null);
    expect(webBuildState(root)).toBe("stale");
  });

  it("is stale once a source changes after the build", () => {
    writeBuild({ production: true });
    write("src/shared/contracts/tasks.ts", "export const changed = true;", new Date("2026-11-21T10:00:00Z"));
    expect(webBuildState(root)).toBe("stale");
  });

  it("is missing without a build, or with one that stopped before pre-rendering the landing page", () => {
    expect(webBuildState(root)).toBe("missing");
    writeBuild({ production: true });
    write("dist/web/landing.html", '<div id="root"></div>', BUILT);
    expect(webBuildState(root)).toBe("missing");
  });
});

describe("ensureWebBuild", () => {
  // Vite's command-line entry, replaced in this project folder by one that records how it was run.
  function fakeVite() {
    write(
      "node_modules/vite/bin/vite.js",
      `require("node:fs").writeFileSync(${JSON.stringify(join(root, "vite-run.json"))}, JSON.stringify({ args: process.argv.slice(2), nodeEnv: process.env.NODE_ENV }));`,
      EARLIER,
    );
    write("node_modules/vite/package.json", '{ "type": "commonjs" }', EARLIER);
  }
  const viteRun = () => JSON.parse(readFileSync(join(root, "vite-run.json"), "utf8"));

  let nodeEnv: string | undefined;
  beforeEach(() => {
    nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
  });
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it("replaces a development build with a production build when NODE_ENV=development", () => {
    fakeVite();
    writeBuild({ production: false });
    ensureWebBuild(root);
    expect(viteRun()).toEqual({
      args: ["build", "--mode", "production", "--logLevel", "warn"],
      nodeEnv: "production",
    });
  });

  it("builds for production when there is no build and NODE_ENV=development", () => {
    fakeVite();
    ensureWebBuild(root);
    expect(viteRun().nodeEnv).toBe("production");
  });

  it("leaves a fresh production build alone", () => {
    fakeVite();
    writeBuild({ production: true });
    ensureWebBuild(root);
    expect(() => viteRun()).toThrow(/ENOENT/);
  });
});
