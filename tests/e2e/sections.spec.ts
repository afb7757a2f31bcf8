// The signed-in shell as a whole: one failing panel leaves the others working (section boundaries),
// one task change costs one refetch of each affected query in the tab that made it, and the
// dashboard's script budget as served.
import type { Page, Request } from "@playwright/test";
import { expect, signUpAndVerify, test } from "./fixtures.ts";

/** The dashboard's budget: script bytes as served (compressed) until the network is idle. */
const DASHBOARD_SCRIPT_BUDGET_BYTES = 220 * 1024; // decisions 163, 308

test("a panel whose data fails shows its load-error card with Retry; the others still work", async ({
  page,
  request,
  consoleErrors,
  expectedConsoleErrors,
}) => {
  // The 500 this test fakes is logged by Chromium.
  expectedConsoleErrors.push(/status of 500/);
  await signUpAndVerify(page, request);
  let failing = true;
  await page.route("**/api/overview", (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong" } }),
        })
      : route.fallback(),
  );
  await page.goto("/dashboard");

  const figures = page.getByRole("alert").filter({ hasText: "Your task figures could not be loaded." });
  // After the client's own two retries of a 5xx (query-client.ts), with their back-off.
  await expect(figures).toBeVisible({ timeout: 15_000 });
  // The rest of the Overview renders around it.
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Tasks" })).toBeVisible();
  await expect(page.getByText("Pomodoro", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Legend" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Total Tasks" })).toHaveCount(0);

  failing = false;
  await figures.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Total Tasks" })).toBeVisible();
  await expect(figures).toHaveCount(0);
  void consoleErrors;
});

test("a settings section whose data fails shows the same card in its own place; the other sections work", async ({
  page,
  request,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 500/);
  await signUpAndVerify(page, request);
  let failing = true;
  await page.route("**/api/preferences", (route) =>
    failing && route.request().method() === "GET"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong" } }),
        })
      : route.fallback(),
  );
  await page.goto("/settings");

  const notifications = page
    .getByRole("alert")
    .filter({ hasText: "Notification settings could not be loaded." });
  const privacy = page.getByRole("alert").filter({ hasText: "Privacy settings could not be loaded." });
  await expect(notifications).toBeVisible({ timeout: 15_000 });
  await expect(privacy).toBeVisible();
  // Its neighbours load and work.
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();

  failing = false;
  await notifications.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("switch", { name: "Email notifications" })).toBeVisible();
  await expect(notifications).toHaveCount(0);
  await privacy.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("switch", { name: "Crash reports" })).toBeVisible();
});

const apiPath = (r: Request) => {
  const url = new URL(r.url());
  return url.pathname.startsWith("/api/") ? `${r.method()} ${url.pathname}` : null;
};

/** Resolves once no request of the page has been in flight for `quietMs`. */
async function networkQuiet(page: Page, quietMs = 750) {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight--;
    lastChange = Date.now();
  };
  page.on("request", up);
  page.on("requestfinished", down);
  page.on("requestfailed", down);
  await expect
    .poll(() => inFlight <= 0 && Date.now() - lastChange >= quietMs, { intervals: [100] })
    .toBe(true);
  page.off("request", up);
  page.off("requestfinished", down);
  page.off("requestfailed", down);
}

test("one task update refetches each affected query once in the tab that made it", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const created = await page.request.post("/api/tasks", {
    data: { title: "Count my requests", estimatedMinutes: 30 },
  });
  expect(created.status()).toBe(201);
  // The server's echo of this tab's own change, which the tab must not act on a second time.
  const echoes: string[] = [];
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      if (String(payload).includes("tasks:changed")) echoes.push(String(payload));
    }),
  );
  await page.goto("/dashboard?section=tasks");
  const row = page.getByRole("list", { name: "Tasks" }).getByRole("listitem").filter({
    hasText: "Count my requests",
  });
  await expect(row).toBeVisible();
  await networkQuiet(page);

  const counts = new Map<string, number>();
  page.on("request", (r) => {
    const path = apiPath(r);
    if (path) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  await row.getByRole("checkbox", { name: "Complete Count my requests" }).check();
  await expect(row.getByRole("checkbox", { name: "Mark Count my requests as not done" })).toBeChecked();
  await expect.poll(() => echoes.length).toBeGreaterThan(0);
  await networkQuiet(page);

  const patch = [...counts.keys()].find((k) => k.startsWith("PATCH /api/tasks/"));
  expect(patch).toBeDefined();
  // The change itself, then each affected query on screen once, nothing twice: the task list, the
  // sidebar's projects (their open-task counts) and the deadlines at risk (a done task leaves them).
  expect(Object.fromEntries(counts)).toEqual({
    [patch!]: 1,
    "GET /api/tasks": 1,
    "GET /api/projects": 1,
    "GET /api/planner/at-risk": 1,
  });
  void consoleErrors;
});

test("the dashboard loads at most 220 KB of script as served (compressed, until the network is idle)", async ({
  page,
  request,
  browser,
  consoleErrors,
}, testInfo) => {
  // The budget and what keeps the first load within it: docs/decisions/029 and 110.
  await signUpAndVerify(page, request);
  // A browser with nothing cached, signed in as that person.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  const scripts: Array<{ path: string; bytes: Promise<number> }> = [];
  fresh.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({
      path: new URL(response.url()).pathname,
      bytes: response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize),
    });
  });
  await fresh.goto("/dashboard", { waitUntil: "networkidle" });
  await expect(fresh.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await fresh.waitForLoadState("networkidle");
  let served = 0;
  for (const script of scripts) served += await script.bytes;
  await context.close();
  testInfo.annotations.push({
    type: "dashboard script as served",
    description: `${(served / 1024).toFixed(1)} KB in ${scripts.length} files`,
  });
  expect(served).toBeGreaterThan(0);
  expect(served).toBeLessThanOrEqual(DASHBOARD_SCRIPT_BUDGET_BYTES);
  void consoleErrors;
});

/**
 * Holds the page's code back (the script whose name `chunk` matches and which exports the route's
 * Component; its loader's small module is let through) until the page has asked for `path`, or for
 * 10 s if it never does; then tells whether the request came first. It can only come first if the
 * route's loader started it, since the page's own components are in that script.
 */
function holdCodeUntilAsked(page: Page, chunk: RegExp, path: string) {
  let seen: () => void = () => {};
  const asked = new Promise<boolean>((resolve) => {
    seen = () => resolve(true);
    setTimeout(() => resolve(false), 10_000);
  });
  page.on("request", (r) => {
    if (apiPath(r) === path) seen();
  });
  let first: boolean | undefined;
  void page.route(chunk, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (/\bas Component\b/.test(body)) first ??= await asked;
    // The body as read is decoded: send it without the encoding headers.
    const { "content-encoding": _, "content-length": __, ...headers } = response.headers();
    await route.fulfill({ status: response.status(), headers, body });
  });
  return () => first;
}

/**
 * Opens `route` with its page's code held back until the page asks for `path`; then tells whether
 * that request came first. Waits for the page's heading and a quiet network.
 */
async function openWithCodeHeld(page: Page, route: string, path: string, heading: string) {
  const askedBeforeCode = holdCodeUntilAsked(
    page,
    new RegExp(`/assets/${route.slice(1)}-[\\w-]+\\.js$`),
    path,
  );
  await page.goto(route);
  // Past the hold of at most 10 s, so a missing prefetch fails by the caller's expectation.
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible({ timeout: 15_000 });
  await networkQuiet(page);
  return askedBeforeCode();
}

/** Counts the page's API requests by "METHOD /path" from now on. */
function countApiRequests(page: Page) {
  const counts = new Map<string, number>();
  page.on("request", (r) => {
    const path = apiPath(r);
    if (path) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return (path: string) => counts.get(path) ?? 0;
}

test("route loaders ask for a page's data while its code is still arriving, once, and never for a plan the gate refuses", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000); // four pages, two of them with their code held back
  // A new account is on the 7-day trial: AI Insights and workflows are open, the team workspace is not.
  await signUpAndVerify(page, request);
  const requests = countApiRequests(page);

  expect(await openWithCodeHeld(page, "/ai-insights", "GET /api/ai-insights", "AI Insights")).toBe(true);
  expect(requests("GET /api/ai-insights")).toBe(1);

  await page.goto("/workflow-automation");
  await expect(page.getByRole("tab", { name: "My Workflows" })).toBeVisible();
  await networkQuiet(page);
  expect(requests("GET /api/workflows")).toBe(1);

  // Settings, not gated: every section's first request, before the page's code.
  const onSettings = countApiRequests(page);
  expect(await openWithCodeHeld(page, "/settings", "GET /api/account/sessions", "Settings")).toBe(true);
  await expect(page.getByRole("heading", { name: "Active sessions" })).toBeVisible();
  for (const path of [
    "GET /api/me",
    "GET /api/billing",
    "GET /api/calendar-integrations",
    "GET /api/calendar-integrations/ical-feed",
    "GET /api/preferences",
    "GET /api/account/sessions",
    "GET /api/webhooks",
  ]) {
    expect(onSettings(path), path).toBe(1);
  }

  // Refused by the plan: the gate's card, and not one request the server would answer with 403.
  await page.goto("/team-workspace");
  await expect(page.getByRole("heading", { name: "Premium Feature" })).toBeVisible();
  await networkQuiet(page);
  expect(requests("GET /api/team")).toBe(0);
  expect(requests("GET /api/team-activity")).toBe(0);
  void consoleErrors;
});
