// Browser-side figures for `npm run bench`, with Debian's Chromium (CHROMIUM_PATH):
// - scriptBytesAsServed: the script bytes a page receives (encoded, as served) until the network is idle;
// - interactionLatencies: time from input to the next paint (Event Timing API) while adding tasks and
//   starting and stopping a timer on the heavy account.
import { type Browser, type BrowserContext, chromium } from "playwright-core";

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

export async function signedInContext(
  browser: Browser,
  base: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base });
  const { hostname } = new URL(base);
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name: name!, value: rest.join("="), domain: hostname, path: "/" };
    }),
  );
  return context;
}

/** Encoded body bytes of every script the page loads until no request has run for 500 ms. */
export async function scriptBytesAsServed(
  context: BrowserContext,
  path: string,
  ready?: (page: import("playwright-core").Page) => Promise<void>,
): Promise<{ bytes: number; files: number }> {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      sizes.push(
        response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  if (ready) await ready(page);
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(sizes);
  await page.close();
  return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * Adds `rounds` tasks through the New Task dialog and starts and stops a timer each round, then reads
 * every interaction's longest event duration (input to next paint) from the Event Timing API. Chromium
 * reports only events of 16 ms or more: an interaction without an entry counts as 16 ms.
 */
export async function interactionLatencies(context: BrowserContext, rounds = 5) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __interactions: Map<number, number> };
    w.__interactions = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (!e.interactionId) continue;
        w.__interactions.set(
          e.interactionId,
          Math.max(w.__interactions.get(e.interactionId) ?? 0, e.duration),
        );
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await page.goto("/dashboard?section=tasks");
  await page
    .getByText(/Bench task \d+/)
    .first()
    .waitFor({ timeout: 60_000 });
  let inputs = 0;
  for (let i = 0; i < rounds; i++) {
    const title = `Interaction ${i} ${Date.now()}`;
    await page.getByRole("button", { name: "New Task" }).first().click();
    inputs++;
    const dialog = page.getByRole("dialog", { name: "New Task" });
    await dialog.getByLabel("Title").click();
    inputs++;
    await page.keyboard.type(title, { delay: 30 });
    inputs += title.length;
    await dialog.getByRole("button", { name: "Add Task" }).click();
    inputs++;
    await dialog.waitFor({ state: "hidden" });
    // The new task sorts far down a list of 5,000; the timer is started on the first one shown.
    const start = page.getByRole("button", { name: /^Start timer for / }).first();
    const label = (await start.getAttribute("aria-label"))!;
    const taskTitle = label.replace(/^Start timer for /, "");
    await start.click();
    inputs++;
    const stop = page.getByRole("button", { name: `Stop timer for ${taskTitle}`, exact: true });
    await stop.waitFor();
    await page.waitForTimeout(1000);
    await stop.click();
    inputs++;
    await page.getByRole("button", { name: `Start timer for ${taskTitle}`, exact: true }).waitFor();
  }
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() => [
    ...(window as unknown as { __interactions: Map<number, number> }).__interactions.values(),
  ]);
  await page.close();
  const all = [...measured, ...Array.from({ length: Math.max(0, inputs - measured.length) }, () => 16)];
  return {
    interactions: all.length,
    p75: percentile(all, 75),
    p98: percentile(all, 98),
    max: Math.max(...all),
  };
}
