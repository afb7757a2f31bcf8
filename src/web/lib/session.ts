// The signed-in person, known to every screen without a heavy client: one small store filled from
// Better Auth's get-session, refreshed while the page is visible (which also renews the session on
// the server) and paused while it is hidden.
import { useSyncExternalStore } from "react";
import { betterAuthSession, type SessionUser } from "#shared/contracts/auth.ts";
import { ApiError, apiFetch } from "./api-client.ts";
import {
  forgetOfflineCopies,
  keepOfflineCopy,
  readOfflineCopy,
  restoreOfflineCopy,
} from "./offline-cache.ts";
import { queryClient } from "./query-client.ts";
import { forgetQueues, sendQueued } from "./task-outbox.ts";

export type { SessionUser };

export type SessionState =
  | { status: "loading"; user: null }
  | {
      status: "signed-in";
      user: SessionUser;
      expiresAt: string;
      /**
       * Opened with no network: the person and the answers last loaded come from this browser's
       * offline copy (decision 281), not from the server, which checks the session once online.
       */
      offline?: true;
    }
  | {
      status: "signed-out";
      user: null;
      leavingTo?: string;
      /**
       * The page's first session check failed (network, server error, an answer it cannot read)
       * while this browser held a session: it could not be restored, and sign-in says so
       * (decision 155).
       */
      restoreFailed?: true;
    };

const REFRESH_EVERY_MS = 5 * 60 * 1000;

let state: SessionState = { status: "loading", user: null };
const listeners = new Set<() => void>();
let inflight: Promise<SessionState> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * Whether this browser held a session when it last knew (the cookie itself is HttpOnly, out of the
 * page's reach): set while signed in, cleared on any signed-out answer. Only with it does a failed
 * first check say a session could not be restored.
 */
const HELD_KEY = "kairo-session-held";

function rememberHeld(held: boolean) {
  try {
    if (held) localStorage.setItem(HELD_KEY, "1");
    else localStorage.removeItem(HELD_KEY);
  } catch {
    // Storage refused (private mode, quota): the notice is then never shown, nothing else changes.
  }
}

function heldBefore(): boolean {
  try {
    return localStorage.getItem(HELD_KEY) === "1";
  } catch {
    return false;
  }
}

/** Stops keeping the offline copy of the person it was kept for. */
let stopKeeping: (() => void) | null = null;
let keptFor: string | null = null;

/**
 * The offline copy follows the session (decision 281): kept for the signed-in person, and removed,
 * with what the cache holds, once the server says no one is signed in (a failed check keeps it).
 */
function followSession(next: SessionState) {
  if (next.status === "signed-in") {
    // Tasks captured offline go out once the server has answered for this person (decision 282).
    if (!next.offline) void sendQueued(next.user.id);
    if (keptFor === next.user.id) return;
    forgetQueues(next.user.id);
    stopKeeping?.();
    keptFor = next.user.id;
    stopKeeping = keepOfflineCopy(queryClient, next.user, next.expiresAt);
  } else if (next.status === "signed-out" && !next.restoreFailed) {
    stopKeeping?.();
    stopKeeping = null;
    const wasSignedIn = keptFor !== null;
    keptFor = null;
    forgetOfflineCopies();
    // A deliberate sign-out drops the tasks waiting to be sent; a session that merely expired keeps
    // them for when the same person signs in again (another person's sign-in drops them).
    if (next.leavingTo) forgetQueues();
    // What the cache holds (restored offline answers too) never outlives the session it belonged
    // to: cleared once the page has moved on (a sign-out navigates right after this), so no screen
    // still showing refetches it without a session.
    if (wasSignedIn) setTimeout(() => queryClient.clear(), 0);
  }
}

function set(next: SessionState) {
  state = next;
  if (next.status !== "loading" && !(next.status === "signed-out" && next.restoreFailed))
    rememberHeld(next.status === "signed-in");
  followSession(next);
  for (const l of listeners) l();
}

/** No network (rather than a server that answered badly): the browser says so, or fetch failed. */
const noNetwork = (err: unknown) =>
  (typeof navigator !== "undefined" && navigator.onLine === false) ||
  (err instanceof ApiError && err.code === "NETWORK");

/**
 * Opened with no network by a person whose copy this browser keeps: signed in as them, from the
 * copy, with its answers back in the cache (the server checks the session once online).
 */
function openOffline(): SessionState | null {
  const copy = readOfflineCopy();
  if (!copy) return null;
  restoreOfflineCopy(queryClient, copy);
  return { status: "signed-in", user: copy.user, expiresAt: copy.expiresAt, offline: true };
}

/** Asks the server for the current session (deduplicated) and updates every subscriber. */
export function refreshSession(): Promise<SessionState> {
  inflight ??= apiFetch("/api/auth/get-session", { schema: betterAuthSession })
    .then((data) => {
      const next: SessionState = data?.user
        ? { status: "signed-in", user: data.user, expiresAt: data.session.expiresAt }
        : { status: "signed-out", user: null };
      set(next);
      return next;
    })
    .catch((err: unknown) => {
      // Offline or server down: keep what we knew, but never stay "loading" forever. Offline, the
      // person whose copy this browser keeps sees what they last loaded; otherwise, at the start,
      // the person may well hold a session we could not check: they are told, and asked to sign in.
      if (state.status === "loading" || (state.status === "signed-out" && state.restoreFailed)) {
        const offline = heldBefore() && noNetwork(err) ? openOffline() : null;
        if (offline) set(offline);
        else if (state.status === "loading")
          set(
            heldBefore()
              ? { status: "signed-out", user: null, restoreFailed: true }
              : { status: "signed-out", user: null },
          );
      }
      return state;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/**
 * Marks the person signed out. `leavingTo` is where a deliberate sign-out (the menu, deleting the
 * account) is heading: the guards send the page there instead of to /login, whichever finishes first,
 * the navigation or the re-render. The next session refresh forgets it.
 */
export function setSignedOut(leavingTo?: string) {
  set(leavingTo ? { status: "signed-out", user: null, leavingTo } : { status: "signed-out", user: null });
}

function start() {
  void refreshSession();
  timer = setInterval(() => {
    if (document.visibilityState === "visible") void refreshSession();
  }, REFRESH_EVERY_MS);
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", onOnline);
}

/**
 * A session that could not be checked offline (the installed app opened without a network, from the
 * offline copy or not) is checked again when the network returns.
 */
function onOnline() {
  if (state.status === "signed-in" && !state.offline) void sendQueued(state.user.id);
  if (
    (state.status === "signed-out" && state.restoreFailed) ||
    (state.status === "signed-in" && state.offline)
  )
    void refreshSession();
}

function onVisible() {
  if (document.visibilityState === "visible" && state.status === "signed-in") void refreshSession();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0 && !timer) start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSession(): SessionState {
  return state;
}

/**
 * The session once it is known: at once when it is, else after the server's first answer (the store
 * starts asking if nothing has yet). For code outside React, such as route loaders.
 */
export function sessionKnown(): Promise<SessionState> {
  if (state.status !== "loading") return Promise.resolve(state);
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      if (state.status === "loading") return;
      unsubscribe();
      resolve(state);
    });
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
