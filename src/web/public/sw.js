// Kairo's service worker (decision 280), served from the site root so it controls every page. It
// shows the Web Push messages the server sends (src/shared/contracts/push.ts: {id, kind, title, body,
// url}) as notifications, even with no Kairo tab open, and opens or snoozes from them. Plain JS in
// public/: the build copies it as it is, under a fixed name the browser re-checks (no-cache).

const SNOOZES = { "snooze-10m": "10m", "snooze-1h": "1h" };

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
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
