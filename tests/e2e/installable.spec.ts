// Installable app and Web Push in the browser (issue 24 points 6 and 7, decision 280): the web app
// manifest and its icons; the service worker registered from the site root, controlling the app, and
// showing a push message delivered through the DevTools protocol as a notification (with the snooze
// actions for a reminder); and Settings > Notifications turning Web Push on in this browser.
import type { CDPSession, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

// The other journeys block service workers (playwright.config.ts); these are about Kairo's.
test.use({ serviceWorkers: "allow" });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the web app manifest is served with its icons and linked from the pages", async ({ page, request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Kairo",
    short_name: "Kairo",
    start_url: "/dashboard",
    display: "standalone",
    theme_color: "#0f766e",
    background_color: "#ffffff",
  });
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toBe("image/png");
    const [w, h] = icon.sizes.split("x").map(Number);
    expect(pngSize(await file.body()), icon.src).toEqual({ width: w, height: h });
  }

  const worker = await request.get("/sw.js");
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  for (const path of ["/", "/login"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  }
  // Chromium's own reading of it: no manifest errors, and nothing standing in the way of installing.
  const cdp = await page.context().newCDPSession(page);
  const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[] };
  expect(errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // A Playwright context is a private one, which alone keeps Chromium from offering to install.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
});

/** The service worker registration's id for the DevTools protocol, once it is activated. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  let id: string | undefined;
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const r of registrations) if (r.scopeURL === scope && !r.isDeleted) id = r.registrationId;
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => id).toBeTruthy();
  return id!;
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const shown = await reg.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
      actions: (n as Notification & { actions?: { action: string; title: string }[] }).actions ?? [],
    }));
  });
}

test("a push message reaches the service worker and shows as a notification", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await page.context().grantPermissions(["notifications"], { origin });
  await signUpAndVerify(page, request);

  // Registered from the site root as the app starts, and in control of the app's page.
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptURL).toBe(`${origin}/sw.js`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toBe(`${origin}/sw.js`);

  const cdp = await page.context().newCDPSession(page);
  const id = await registrationId(cdp, `${origin}/`);
  const test = {
    id: "test-1",
    kind: "test",
    title: "Notifications are on",
    body: "A test from Kairo",
    url: "/settings",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: id,
    data: JSON.stringify(test),
  });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === "test-1"))
    .toMatchObject({ title: test.title, body: test.body, data: { url: "/settings" }, actions: [] });

  // A reminder offers its snoozes; clicking the notification opens its task.
  const reminderId = "0f9d8a52-6f0e-4c7b-9a61-2d3c4b5a6e7f";
  const reminder = {
    id: `reminder-${reminderId}-1796000000000`,
    kind: "reminder",
    title: "Water the plants",
    body: "Due in 10 minutes",
    url: "/dashboard?task=abc",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: id,
    data: JSON.stringify(reminder),
  });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === reminder.id))
    .toMatchObject({
      title: "Water the plants",
      body: "Due in 10 minutes",
      data: { url: "/dashboard?task=abc", reminderId },
      actions: [
        { action: "snooze-10m", title: "Snooze 10 minutes" },
        { action: "snooze-1h", title: "Snooze 1 hour" },
      ],
    });
});

test("a reminder's notification snoozes it from its action, and opens its page when clicked", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await page.context().grantPermissions(["notifications"], { origin });
  await signUpAndVerify(page, request);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const created = await page.request.post("/api/tasks", { data: { title: "Renew the passport" } });
  expect(created.status()).toBe(201);
  const taskId = ((await created.json()) as { id: string }).id;
  const added = await page.request.post(`/api/tasks/${taskId}/reminders`, {
    data: { at: new Date(Date.now() + 24 * 3600_000).toISOString() },
  });
  expect(added.status()).toBe(201);
  const reminderId = ((await added.json()) as { id: string }).id;

  const cdp = await page.context().newCDPSession(page);
  const registration = await registrationId(cdp, `${origin}/`);
  const tag = `reminder-${reminderId}-1796000000000`;
  const message = {
    id: tag,
    kind: "reminder",
    title: "Renew the passport",
    body: "Due soon",
    url: "/settings",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: registration,
    data: JSON.stringify(message),
  });
  await expect.poll(async () => (await shownNotifications(page)).some((n) => n.tag === tag)).toBe(true);

  // The browser's click on an action, as the worker receives it.
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url() === `${origin}/sw.js`)!;
  const click = (action: string) =>
    worker.evaluate(
      async ({ tag, action }) => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(e: Event): boolean;
        };
        const [notification] = await scope.registration.getNotifications({ tag });
        const NotificationEvent = (
          globalThis as unknown as { NotificationEvent: new (t: string, i: object) => Event }
        ).NotificationEvent;
        try {
          scope.dispatchEvent(new NotificationEvent("notificationclick", { notification, action }));
        } catch {}
      },
      { tag, action },
    );
  await click("snooze-1h");
  const dueAt = async () => {
    const res = await page.request.get(`/api/tasks/${taskId}/reminders`);
    const { reminders } = (await res.json()) as { reminders: { id: string; dueAt: string }[] };
    return new Date(reminders.find((r) => r.id === reminderId)!.dueAt).getTime() - Date.now();
  };
  // Snoozed an hour from now (it was a day ahead).
  await expect.poll(dueAt).toBeLessThan(61 * 60_000);
  expect(await dueAt()).toBeGreaterThan(55 * 60_000);
  await expect.poll(async () => (await shownNotifications(page)).some((n) => n.tag === tag)).toBe(false);

  // The notification itself opens its page in the open Kairo tab.
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: registration,
    data: JSON.stringify(message),
  });
  await expect.poll(async () => (await shownNotifications(page)).some((n) => n.tag === tag)).toBe(true);
  await click("");
  await expect(page).toHaveURL(`${origin}/settings`);
});

test("Settings turns notifications on in this browser, or says clearly why it cannot", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await page.context().grantPermissions(["notifications"], { origin });
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  const thisBrowser = notifications.getByRole("switch", { name: "Notifications in this browser" });
  await expect(notifications.getByText("Off in this browser.")).toBeVisible();
  await expect(thisBrowser).not.toBeChecked();
  await expect(thisBrowser).toBeEnabled();

  await thisBrowser.click();
  // Headless Chromium with no internet usually has no push service to subscribe with.
  const failed = notifications.getByRole("alert");
  const on = notifications.getByText(/^On: this browser shows Kairo's reminders/);
  await expect(failed.or(on)).toBeVisible({ timeout: 30_000 });
  const saved = async () => {
    const res = await page.request.get("/api/push/subscriptions");
    return ((await res.json()) as { subscriptions: unknown[] }).subscriptions.length;
  };
  const unreachable = await failed.isVisible();
  test
    .info()
    .annotations.push({ type: "push service", description: unreachable ? "unreachable" : "subscribed" });
  if (unreachable) {
    await expect(failed).toHaveText(/This browser could not reach its push service/);
    await expect(thisBrowser).not.toBeChecked();
    expect(await saved()).toBe(0);
  } else {
    await expect(thisBrowser).toBeChecked();
    expect(await saved()).toBe(1);
    await expect(notifications.getByRole("button", { name: "Send a test notification" })).toBeVisible();
    await thisBrowser.click();
    await expect(notifications.getByText("Off in this browser.")).toBeVisible();
    expect(await saved()).toBe(0);
  }
});

test("with a push service, Settings hands the subscription to the server, sends a test, and removes it", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await page.context().grantPermissions(["notifications"], { origin });
  // A stand-in for the browser's push service (headless Chromium has none to reach): the
  // subscription it would return, with keys of the right sizes.
  await page.addInitScript(() => {
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    let current: object | null = null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      // The browser's own key pair for the message encryption (RFC 8291): a real P-256 point.
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ]);
      const p256dh = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const sub = {
        endpoint: "https://push.example.com/send/e2e-browser",
        expirationTime: null,
        options: {
          applicationServerKey: (options!.applicationServerKey as Uint8Array).slice().buffer,
          userVisibleOnly: true,
        },
        toJSON: () => ({
          endpoint: sub.endpoint,
          expirationTime: null,
          keys: { p256dh: b64url(p256dh), auth: b64url(auth) },
        }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      current = sub;
      return sub as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  });
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  const thisBrowser = notifications.getByRole("switch", { name: "Notifications in this browser" });
  const saved = async () => {
    const res = await page.request.get("/api/push/subscriptions");
    return ((await res.json()) as { subscriptions: { endpoint: string }[] }).subscriptions.map(
      (s) => s.endpoint,
    );
  };

  await thisBrowser.click();
  await expect(notifications.getByText(/^On: this browser shows Kairo's reminders/)).toBeVisible();
  await expect(thisBrowser).toBeChecked();
  expect(await saved()).toEqual(["https://push.example.com/send/e2e-browser"]);

  const sent = page.waitForResponse((r) => r.url().endsWith("/api/push/test"));
  await notifications.getByRole("button", { name: "Send a test notification" }).click();
  expect((await sent).status()).toBe(202);
  await expect(page.getByText("Sent to 1 browser.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await thisBrowser.click();
  await expect(notifications.getByText("Off in this browser.")).toBeVisible();
  await expect(thisBrowser).not.toBeChecked();
  expect(await saved()).toEqual([]);
});

test("a browser that blocks notifications is told how to allow them", async ({ page, request }) => {
  await signUpAndVerify(page, request);
  // Headless Chromium refuses a permission request it is not granted.
  await page.evaluate(() => Notification.requestPermission());
  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(
    notifications.getByText(/^Blocked: your browser refuses notifications from Kairo/),
  ).toBeVisible();
  await expect(notifications.getByRole("switch", { name: "Notifications in this browser" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test.describe("offline", () => {
  // Every call the app makes while the network is down fails, as it should.
  test.use({ expectedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/] });

  const offlineNotice = (page: Page) =>
    page.getByText(
      "You are offline. Kairo shows what it last loaded and keeps new tasks until the connection returns.",
    );

  /** The worker controls the page and keeps the app's page (it does so when it installs). */
  async function workerReady(page: Page) {
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect
      .poll(() => page.evaluate(async () => Boolean(await caches.match("/dashboard"))), { timeout: 20_000 })
      .toBe(true);
  }

  /** This browser's offline copy (decision 281) as text, "" when there is none. */
  const offlineCopy = (page: Page) =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith("kairo-offline-cache:"))
        .map((k) => localStorage.getItem(k))
        .join(""),
    );

  /** Whether the copy's answer under the key starting `root` names `text`. */
  const copyHas = (page: Page, root: string[], text: string) =>
    page.evaluate(
      ([root, text]) =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith("kairo-offline-cache:"))
          .flatMap(
            (k) =>
              (
                JSON.parse(localStorage.getItem(k) ?? "{}") as {
                  queries?: { key: unknown[]; data: unknown }[];
                }
              ).queries ?? [],
          )
          .some(
            (q) =>
              (root as string[]).every((part, i) => q.key[i] === part) &&
              JSON.stringify(q.data).includes(text as string),
          ),
      [root, text] as const,
    );

  test("offline, the tasks last loaded show, a captured task waits, and it is saved once online", async ({
    page,
    request,
  }) => {
    await signUpAndVerify(page, request);
    const loaded = await page.request.post("/api/tasks", { data: { title: "Loaded before the train" } });
    expect(loaded.status()).toBe(201);
    await workerReady(page);
    // The overview and the task list, loaded online once.
    await page.goto("/dashboard");
    const recent = page.getByRole("list", { name: "Open tasks" });
    await expect(recent.getByRole("listitem").filter({ hasText: "Loaded before the train" })).toBeVisible();
    await page.goto("/dashboard?section=tasks");
    const tasks = page.getByRole("list", { name: "Tasks", exact: true });
    await expect(tasks.getByRole("listitem").filter({ hasText: "Loaded before the train" })).toBeVisible();
    // Both pages' answers are kept: the overview's, written as its page was left, and the list's.
    expect(await copyHas(page, ["tasks", "recent"], "Loaded before the train")).toBe(true);
    await expect.poll(() => copyHas(page, ["tasks", "list"], "Loaded before the train")).toBe(true);
    await expect(offlineNotice(page)).toHaveCount(0);

    // Offline, and opened again: the person's tasks last loaded, and the notice.
    await page.context().setOffline(true);
    await expect(offlineNotice(page)).toBeVisible();
    await page.reload();
    await expect(offlineNotice(page)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?section=tasks/);
    await expect(tasks.getByRole("listitem").filter({ hasText: "Loaded before the train" })).toBeVisible();

    // A task captured offline waits, marked as such, and a reload keeps it.
    await expect(page.getByRole("button", { name: /^Quick capture/ }).first()).toBeVisible();
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: "Quick capture" });
    await palette.getByRole("combobox", { name: "Quick capture" }).fill("Buy stamps 15m");
    await palette.getByRole("combobox", { name: "Quick capture" }).press("Enter");
    await expect(
      page.getByText("Saved on this device. It will be added when the connection returns."),
    ).toBeVisible();
    await expect(palette).toBeHidden();
    const waiting = page.getByRole("list", { name: "Tasks not saved yet" }).getByRole("listitem");
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText("Buy stamps");
    await expect(waiting).toContainText("Waiting for connection");
    await expectNoSeriousA11yViolations(page);

    // The overview, opened offline: its recent tasks as last loaded, and the task still waiting.
    await page.goto("/dashboard");
    await expect(offlineNotice(page)).toBeVisible();
    await expect(recent.getByRole("listitem").filter({ hasText: "Loaded before the train" })).toBeVisible();
    await expect(waiting).toHaveCount(1);

    // Back online: sent once, listed with the others, no longer waiting.
    await page.context().setOffline(false);
    await expect(offlineNotice(page)).toHaveCount(0);
    await expect(recent.getByRole("listitem").filter({ hasText: "Buy stamps" })).toBeVisible();
    await expect(waiting).toHaveCount(0);
    const listed = await page.request.get("/api/tasks?q=Buy%20stamps");
    const found = (await listed.json()) as { tasks: { title: string; estimatedMinutes: number }[] };
    expect(found.tasks).toEqual([expect.objectContaining({ title: "Buy stamps", estimatedMinutes: 15 })]);

    // Signing out removes the copy, so the next person on this browser sees none of it.
    await page.evaluate(() =>
      fetch("/api/auth/sign-out", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => offlineCopy(page)).toBe("");
  });

  test("with no copy of the person's tasks, the app opens offline on sign-in and says why", async ({
    page,
    request,
  }) => {
    await signUpAndVerify(page, request);
    await workerReady(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.context().setOffline(true);
    await expect(offlineNotice(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // No copy kept (another browser's storage, cleared, or over its quota).
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage))
        if (k.startsWith("kairo-offline-cache:")) localStorage.removeItem(k);
    });
    await page.reload();
    await expect(offlineNotice(page)).toBeVisible();
    // The session cannot be checked without a network: sign-in (kept too) says why, and once the
    // network is back the person is taken on to the page they opened.
    await expect(
      page.getByText(
        "You are offline, so Kairo cannot check your sign-in. It will as soon as the connection returns.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Error Loading Application" })).toHaveCount(0);

    await page.context().setOffline(false);
    await expect(offlineNotice(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
