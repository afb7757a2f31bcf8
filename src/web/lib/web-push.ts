// Web Push in this browser (decision 280): Kairo's service worker (public/sw.js), the browser's push
// subscription made with the server's VAPID key, and the server's copy of it (/api/push). The
// service worker is registered as the app starts, so it controls the app's pages and is ready to show
// a push however the person turns notifications on.
import {
  pushSubscriptionDto,
  pushSubscriptionListResponse,
  pushTestResponse,
  vapidPublicKeyResponse,
} from "#shared/contracts/push.ts";
import { apiFetch, apiSend } from "./api-client.ts";

export const SERVICE_WORKER_URL = "/sw.js";

/** Where this browser stands: receiving Kairo's pushes, not, refusing them, or unable to. */
export type PushState = "on" | "off" | "blocked" | "unsupported";

export function pushSupported(): boolean {
  try {
    return (
      typeof window !== "undefined" &&
      window.isSecureContext &&
      "serviceWorker" in navigator &&
      "PushManager" in window &&
      typeof Notification !== "undefined"
    );
  } catch {
    return false;
  }
}

/** Registers the service worker (once per page load; the browser re-checks it for updates). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
}

/**
 * The service worker asks an open tab it does not control to go to a notification's page; `go` is
 * the router's navigate.
 */
export function listenForServiceWorkerNavigation(go: (url: string) => void): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === "kairo:navigate" && typeof data.url === "string" && /^\/(?!\/)/.test(data.url)) {
      go(data.url);
    }
  });
}

/** The VAPID key as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((v, i) => v === b[i]);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  return existing ?? (await registerServiceWorker()!);
}

/** The server's id for this browser's subscription, if the server has it. */
async function serverIdOf(endpoint: string): Promise<string | null> {
  const { subscriptions } = await apiFetch("/api/push/subscriptions", {
    schema: pushSubscriptionListResponse,
  });
  return subscriptions.find((s) => s.endpoint === endpoint)?.id ?? null;
}

/** This browser's state, read without asking the person anything. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  if (!sub || Notification.permission !== "granted") return "off";
  return (await serverIdOf(sub.endpoint)) ? "on" : "off";
}

export const PUSH_SUBSCRIBE_FAILED =
  "This browser could not reach its push service, so it cannot receive Kairo's notifications. Check your connection and try again. Some browsers, and private windows, have no push service.";

/** How long the browser's push service may take to answer before Kairo says it failed. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export class PushSetupError extends Error {}

/**
 * Turns notifications on in this browser, from the click that asked: permission, the service
 * worker, the browser's subscription and the server's copy. "blocked" when the person or browser
 * refuses; throws PushSetupError (or the API's error) when it cannot be done.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission =
    Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { publicKey } = await apiFetch("/api/push/vapid-public-key", { schema: vapidPublicKeyResponse });
  const key = keyBytes(publicKey);
  const reg = await registration();
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  // Made with another key (the server's keys were replaced): the push service would refuse Kairo.
  if (sub && !sameBytes(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  if (!sub) {
    try {
      sub = await withTimeout(
        reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        SUBSCRIBE_TIMEOUT_MS,
      );
    } catch {
      throw new PushSetupError(PUSH_SUBSCRIBE_FAILED);
    }
  }
  try {
    await apiFetch("/api/push/subscriptions", {
      method: "POST",
      json: sub.toJSON() as Record<string, unknown>,
      schema: pushSubscriptionDto,
    });
  } catch (err) {
    await sub.unsubscribe().catch(() => undefined);
    throw err;
  }
  return "on";
}

/** Stops notifications in this browser: the server forgets the subscription, the browser drops it. */
export async function turnPushOff(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    const id = await serverIdOf(sub.endpoint);
    if (id) await apiSend(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: "DELETE" });
    await sub.unsubscribe();
  }
  return Notification.permission === "denied" ? "blocked" : "off";
}

/** Sends a test notification to every browser of the person's; how many it went to. */
export async function sendTestPush(): Promise<number> {
  const { queued } = await apiFetch("/api/push/test", { method: "POST", schema: pushTestResponse });
  return queued;
}
