// Playwright fixtures: every test is its own client address (so rate limits never cross tests),
// fails on an unexpected console error, and can read the development outbox.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol: the app's Content Security Policy (rightly) refuses an
// injected <script> tag, and the test should not switch that policy off.
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

let counter = 0;
let addressCounter = 0;

export type Mail = { to: string; subject: string; text: string; html: string; sentAt: string };

export async function readOutbox(request: APIRequestContext): Promise<Mail[]> {
  const res = await request.get("/api/dev/mail");
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** Waits for the newest mail to `to` whose subject matches, and returns the first link in it. */
export async function linkFromMail(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(request)).find((m) => m.to === to && subject.test(m.subject));
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

export function uniqueEmail(prefix = "person") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const test = base.extend<{
  consoleErrors: string[];
  /** Console errors a test provokes on purpose (a failed download it caused, a 500 it faked). */
  expectedConsoleErrors: RegExp[];
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture parameters by destructuring
  expectedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture parameters by destructuring
  extraHTTPHeaders: async ({}, use, testInfo) => {
    // Unique per test within one server run: the worker (each worker process has its own index)
    // and a per-process counter. A random address could collide and share the auth rate limits.
    addressCounter += 1;
    const w = testInfo.workerIndex % 250;
    await use({ "x-forwarded-for": `10.${w + 1}.${(addressCounter >> 8) & 255}.${addressCounter & 255}` });
  },
  consoleErrors: async ({ page, expectedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
    // Failed requests the test provoked on purpose (401 on sign-in etc.) are logged by Chromium as
    // "Failed to load resource"; anything else is a real error.
    const unexpected = errors.filter(
      (e) =>
        !/Failed to load resource: the server responded with a status of (4\d\d)/.test(e) &&
        !expectedConsoleErrors.some((pattern) => pattern.test(e)),
    );
    expect(unexpected, "unexpected console errors").toEqual([]);
  },
});

export { expect };

/**
 * A new, verified person, signed in on `page` and landed on the dashboard. The account is created
 * through the sign-up API in the page's own browser context (its address and cookies), which is what
 * the form sends; `form: true` fills and submits the sign-up form instead, for the journeys that are
 * about it (it costs a page load and the form's round trip, about 1 s more). Either way the emailed
 * verification link is followed in the page. The guided tour is marked skipped at once (so it does
 * not cover the page 2 s later) unless `tour` is true.
 */
export async function signUpAndVerify(
  page: Page,
  request: APIRequestContext,
  opts: {
    name?: string;
    email?: string;
    password?: string;
    tour?: boolean;
    at?: string;
    form?: boolean;
  } = {},
) {
  const name = opts.name ?? "Robin Example";
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "correct-horse-42";
  // `at`: another address of the same server (its origin), instead of the configured baseURL.
  if (opts.form) {
    await page.goto(`${opts.at ?? ""}/signup`);
    await page.getByLabel("Full Name").fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(password);
    // Enter submits from the last field. (Clicking the button right after typing is covered, with
    // the layout-shift bug it meets, by auth.spec.ts.)
    await page.getByLabel("Confirm Password").press("Enter");
    await expect(
      page.getByText(
        "Your account has been created. Please check your email to verify your account before signing in.",
      ),
    ).toBeVisible();
  } else {
    // Better Auth checks a POST's Origin, which a browser sends and an API request does not.
    const origin = new URL(opts.at ?? test.info().project.use.baseURL ?? "").origin;
    const res = await page.request.post(`${opts.at ?? ""}/api/auth/sign-up/email`, {
      data: { name, email, password, callbackURL: "/auth/callback" },
      headers: { origin },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const link = await linkFromMail(request, email, /verify/i);
  await page.goto(link);
  // The first visit loads the whole app cold (the dashboard's modules and its loaders' data) before
  // the address changes: on a busy 2-core machine that alone can pass the default 7 s.
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  if (!opts.tour) {
    // The launcher asks the server again just before it starts the tour, so this wins.
    const skipped = await page.request.put("/api/tour", { data: { outcome: "skipped" } });
    expect(skipped.ok(), "tour skipped for the test").toBeTruthy();
  }
  return { name, email, password };
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Runs axe-core on the page as it is now; serious and critical violations fail the test. */
export async function expectNoSeriousA11yViolations(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Colours are judged as they settle: a toast or a popover still fading in is not what people read.
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(running.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations as AxeViolation[];
  });
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, "serious or critical accessibility violations").toEqual([]);
}
