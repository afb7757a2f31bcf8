// The static demo build (`npm run build:demo`, spec section 1: no backend configured), served by a
// plain static file server with nothing behind it: the server's own use cases run in the page over
// PGlite in IndexedDB, and no request to /api ever leaves the page (docs/decisions/082).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_MODE_NOTICES } from "#shared/domain/demo-mode.ts";
import { type StaticServer, startStaticServer } from "../support/static-server.ts";
import { expect as baseExpect, test } from "./fixtures.ts";

const DEMO = join(process.cwd(), "dist/demo");
const WEB = join(process.cwd(), "dist/web");

let site: StaticServer;

test.beforeAll(async () => {
  if (!existsSync(join(DEMO, "index.html"))) {
    throw new Error("dist/demo is missing: run `npm run build:demo` (npm run test:e2e does)");
  }
  site = await startStaticServer(DEMO);
});
test.afterAll(async () => {
  await site?.close();
});

/** Every request the page makes to an /api address, wherever it would go. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/api")) seen.push(`${req.method()} ${req.url()}`);
  });
  return seen;
}

// PGlite's first start in a page (WebAssembly, an empty cluster, the migrations, the sample data)
// takes a few seconds, and far longer on a machine running other builds (23 s at a load of 16 on
// two cores): the first screen of each test waits for it.
// Every query then waits its turn on the one in-page connection, so the whole file waits longer.
const expect = baseExpect.configure({ timeout: 30_000 });
const STARTED = { timeout: 60_000 };

test("Try Demo opens the dashboard; a task added survives a reload; nothing goes to /api", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const api = apiRequests(page);
  await page.goto(`${site.url}/`);
  await page.getByRole("link", { name: "Try Demo" }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Demo", { exact: true })).toBeVisible(STARTED);
  await expect(page.getByRole("button", { name: "Reset demo data" })).toBeVisible();
  // The sample data is there, and the Team plan unlocks every feature.
  const recent = page.getByRole("region", { name: "Recent Tasks" });
  await expect(recent.getByText("Review the quarterly budget")).toBeVisible();
  // (A locked item would open the upgrade dialog instead.)
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Team Workspace" })).toBeVisible();
  await expect(nav.locator("[aria-haspopup=dialog]")).toHaveCount(0);
  // The guided tour greets a new person here too; skipped so it does not cover the page.
  const tour = page.locator(".driver-popover[role=dialog]");
  await expect(tour).toBeVisible(STARTED);
  await tour.getByRole("button", { name: "Skip" }).click();
  await expect(tour).toHaveCount(0);

  // The sample team shares a project, listed under the team's name.
  await expect(
    nav.getByRole("list", { name: "Demo team projects" }).getByRole("link", { name: /Website relaunch/ }),
  ).toBeVisible();

  // In-app navigation from here on (one page load starts the in-browser database once).
  await nav.getByRole("link", { name: "Tasks" }).click();
  await page.getByRole("button", { name: "New Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New Task" });
  await dialog.getByLabel("Title").fill("Water the office plants");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(page.getByText("Task added", { exact: true })).toBeVisible(STARTED);
  await expect(page.getByText("Water the office plants").first()).toBeVisible();

  await page.reload();
  await expect(page.getByText("Water the office plants").first()).toBeVisible(STARTED);

  // AI insights is open (Team plan) and has weeks of history to work from.
  await nav.getByRole("link", { name: "AI Insights" }).click();
  await expect(page.getByRole("heading", { name: "AI Insights", level: 1 })).toBeVisible(STARTED);
  await expect(page.getByText("Premium Feature")).toHaveCount(0);

  expect(api, "requests to /api").toEqual([]);
  expect(site.requests.filter((r) => r.split(" ")[1]!.startsWith("/api"))).toEqual([]);
  void consoleErrors;
});

test("the sign-in page says authentication is disabled, and sign-up opens the dashboard", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const api = apiRequests(page);
  await page.goto(`${site.url}/login`);
  await expect(page.getByText(DEMO_MODE_NOTICES.signIn)).toBeVisible(STARTED);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText(DEMO_MODE_NOTICES.passwordReset)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeDisabled();

  await page.getByRole("button", { name: "Back to Sign In" }).click();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Full Name").fill("Robin Example");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-42");
  await page.getByLabel("Confirm Password").fill("correct-horse-42");
  await page.getByLabel("Confirm Password").press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  const tour = page.locator(".driver-popover[role=dialog]");
  await expect(tour).toBeVisible(STARTED);
  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);

  await page
    .getByRole("complementary", { name: "Main navigation" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page.getByText(DEMO_MODE_NOTICES.profileUpdate)).toBeVisible(STARTED);
  await expect(page.getByText(DEMO_MODE_NOTICES.passwordUpdate)).toBeVisible();
  expect(api, "requests to /api").toEqual([]);
  void consoleErrors;
});

test("browser storage the demo cannot open offers to reset it, and the reset starts afresh", async ({
  page,
  consoleErrors,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  expectedConsoleErrors.push(/the demo data could not be opened/, /VersionError/);
  // Left by an incompatible version: the demo's IndexedDB database at a version PGlite cannot open.
  // (A static file of the same origin, so the app does not start first.)
  await page.goto(`${site.url}/favicon.svg`);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("/pglite/kairo-browser-demo", 999);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
  );
  await page.goto(`${site.url}/dashboard`);
  await expect(
    page.getByRole("heading", { name: "The demo data in this browser could not be read" }),
  ).toBeVisible(STARTED);
  await page.getByRole("button", { name: "Reset demo data" }).click();
  await expect(
    page.getByRole("region", { name: "Recent Tasks" }).getByText("Review the quarterly budget"),
  ).toBeVisible(STARTED);
  void consoleErrors;
});

test("the configured build carries none of the demo's code", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  const built = files(WEB);
  expect(built.some((f) => f.endsWith(".js"))).toBe(true);
  // No PostgreSQL in WebAssembly, no bundled migrations, no in-browser app.
  expect(built.filter((f) => /pglite|\.wasm$|\.data$/.test(f))).toEqual([]);
  for (const f of built.filter((f) => /\.(js|html)$/.test(f))) {
    const text = readFileSync(f, "utf8");
    expect(text.includes("kairo-browser-demo"), `the demo database name in ${f}`).toBe(false);
    expect(text.includes("/api/demo-mode/"), `the demo's own route in ${f}`).toBe(false);
    expect(text.includes("CREATE TABLE"), `migrations in ${f}`).toBe(false);
  }
});
