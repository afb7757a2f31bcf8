// Kairo's service worker (decision 280), served from the site root so it controls every page. It
// shows the Web Push messages the server sends (src/shared/contracts/push.ts: {id, kind, title, body,
// url}) as notifications, even with no Kairo tab open, and opens or snoozes from them; and it keeps
// the app's shell (its page and the hashed files it loaded) so the installed app opens offline
// (decision 280). Plain JS in public/: the build copies it as it is, under a fixed name the browser
// re-checks (no-cache).

const SNOOZES = { "snooze-10m": "10m", "snooze-1h": "1h" };

/** The app's page (every app path answers with the same index.html) and the files it loaded. */
const SHELL_CACHE = "kairo-shell-v1";
const ASSET_CACHE = "kairo-assets-v1";
const SHELL_URL = "/dashboard";
/** Pages the shell must never stand in for: the server's own answers, not the app's. */
const NOT_THE_APP = /^\/(api|ical|socket\.io|\.well-known)\//;

/** The shell and the scripts, styles and font its page names, fetched fresh. */
async function keepShell(response) {
  const html = await response.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_URL, response);
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSET_CACHE);
  await Promise.all(
    files.map(async (file) => {
      if (await assets.match(file)) return;
      const res = await fetch(file).catch(() => null);
      if (res?.ok) await assets.put(file, res);
    }),
  );
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(
    fetch(SHELL_URL, { cache: "no-cache" })
      .then((res) => (res.ok ? keepShell(res) : undefined))
      .catch(() => undefined),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith("kairo-") && n !== SHELL_CACHE && n !== ASSET_CACHE)
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** A page: the network, and the kept shell when there is none (the app then says it is offline). */
async function page(request) {
  try {
    const response = await fetch(request);
    const path = new URL(request.url).pathname;
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    // An app page refreshes the shell, so a new build is what opens offline next time.
    if (response.ok && html && path !== "/") keepShell(response.clone()).catch(() => undefined);
    return response;
  } catch (err) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw err;
  }
}

/** A hashed file never changes: the kept copy, else the network (kept for next time). */
async function asset(request) {
  const assets = await caches.open(ASSET_CACHE);
  const kept = await assets.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await assets.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !NOT_THE_APP.test(url.pathname)) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
  }
  // Everything else (the API above all) goes to the network as if there were no worker.
});

/** The message, or a plain notice when a push carries none or not Kairo's JSON. */
function readMessage(event) {
  const fallback = { id: "kairo", kind: "unknown", title: "Kairo", body: "", url: "/dashboard" };
  if (!event.data) return fallback;
  try {
    const m = event.data.json();
    return {
      id: typeof m.id === "string" ? m.id : fallback.id,
      kind: typeof m.kind === "string" ? m.kind : fallback.kind,
      title: typeof m.title === "string" && m.title ? m.title : fallback.title,
      body: typeof m.body === "string" ? m.body : "",
      // Only an in-app path: a notification never opens another site.
      url: typeof m.url === "string" && /^\/(?!\/)[^\s\\]*$/.test(m.url) ? m.url : fallback.url,
    };
  } catch {
    return { ...fallback, body: event.data.text().slice(0, 1000) };
  }
}

/** A reminder's id from its message id, `reminder-<reminder id>-<due time in ms>` (reminders/sweep.ts). */
function reminderIdOf(message) {
  if (message.kind !== "reminder") return null;
  const match = /^reminder-(.+)-\d+$/.exec(message.id);
  return match ? match[1] : null;
}

self.addEventListener("push", (event) => {
  const message = readMessage(event);
  const reminderId = reminderIdOf(message);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.id,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: message.url, reminderId },
      // Clicking the notification itself opens the task; browsers show at most two actions.
      actions: reminderId
        ? [
            { action: "snooze-10m", title: "Snooze 10 minutes" },
            { action: "snooze-1h", title: "Snooze 1 hour" },
          ]
        : [],
    }),
  );
});

/** Focuses an open Kairo tab and takes it to `url`, or opens a new window there. */
async function openInKairo(url) {
  const target = new URL(url, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    const focused = await tab.focus().catch(() => tab);
    // navigate() needs a tab this worker controls; an uncontrolled one is told to go there itself.
    const moved = await focused.navigate(target).catch(() => null);
    if (!moved) focused.postMessage({ type: "kairo:navigate", url });
    return;
  }
  await self.clients.openWindow(target);
}

async function snooze(reminderId, choice, url) {
  let timeZone;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {}
  try {
    const res = await fetch(`/api/reminders/${encodeURIComponent(reminderId)}/snooze`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(timeZone ? { for: choice, timeZone } : { for: choice }),
    });
    if (res.ok) return;
  } catch {}
  // Signed out, offline or refused: the task opens, where the reminder can be dealt with.
  await openInKairo(url);
}

self.addEventListener("notificationclick", (event) => {
  const { url = "/dashboard", reminderId = null } = event.notification.data ?? {};
  event.notification.close();
  const choice = SNOOZES[event.action];
  event.waitUntil(choice && reminderId ? snooze(reminderId, choice, url) : openInKairo(url));
});
