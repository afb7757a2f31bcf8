// The tasks last loaded, kept for opening offline (decision 281): while a person is signed in, the
// answers of a few queries (who they are, their plan and preferences, the overview, the task lists,
// the projects list) are written to localStorage under that person's id; opened with no network, the
// app restores them and the session they belong to, so the task list shows what was last loaded. One
// person's copy at a time: another person signing in, or any sign-out, removes it.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type SessionUser, sessionUser } from "#shared/contracts/auth.ts";
import { queryKeys } from "./query-keys.ts";

const PREFIX = "kairo-offline-cache:";
const VERSION = 1;
/** A copy larger than this is not written (localStorage's quota is about 5 MB, shared). */
const MAX_CHARS = 2_000_000;
const SAVE_DELAY_MS = 500;
/** Answers kept at most (each search typed into the task list is one). */
const MAX_QUERIES = 30;

/** The query roots whose answers are kept: enough for the overview's figures and recent tasks, and the task list. */
const KEPT_ROOTS: readonly QueryKey[] = [
  queryKeys.me,
  queryKeys.subscription,
  queryKeys.preferences,
  queryKeys.overview,
  queryKeys.tasks.recent,
  queryKeys.tasks.lists,
  queryKeys.projects.lists,
];

export type OfflineCopy = {
  v: typeof VERSION;
  user: SessionUser;
  expiresAt: string;
  savedAt: number;
  queries: { key: QueryKey; data: unknown; updatedAt: number }[];
};

const kept = (key: QueryKey) =>
  KEPT_ROOTS.some((root) => root.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part)));

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Removes every kept copy but `exceptUserId`'s. */
function dropCopies(exceptUserId?: string) {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX) && k !== `${PREFIX}${exceptUserId}`) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}

/** The copy this browser keeps, if any (only ever one person's). */
export function readOfflineCopy(): OfflineCopy | null {
  const s = storage();
  if (!s) return null;
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (!k?.startsWith(PREFIX)) continue;
    try {
      const copy = JSON.parse(s.getItem(k) ?? "") as OfflineCopy;
      const user = sessionUser.safeParse(copy.user);
      if (copy.v !== VERSION || !user.success || `${PREFIX}${user.data.id}` !== k) continue;
      if (!Array.isArray(copy.queries) || typeof copy.expiresAt !== "string") continue;
      return { ...copy, user: user.data };
    } catch {
      // Not ours to read: ignored (and replaced by the next save).
    }
  }
  return null;
}

/** Puts a kept copy's answers back into the cache, as old as they are (refetched once online). */
export function restoreOfflineCopy(qc: QueryClient, copy: OfflineCopy) {
  for (const q of copy.queries) {
    if (kept(q.key) && qc.getQueryData(q.key) === undefined)
      qc.setQueryData(q.key, q.data, { updatedAt: q.updatedAt });
  }
}

/** Forgets every kept copy (sign-out, another person). */
export function forgetOfflineCopies() {
  dropCopies();
}

function save(qc: QueryClient, user: SessionUser, expiresAt: string) {
  const s = storage();
  if (!s) return;
  const loaded = qc
    .getQueryCache()
    .getAll()
    .filter((q) => kept(q.queryKey) && q.state.status === "success" && q.state.data !== undefined)
    .map((q) => ({ key: q.queryKey, data: q.state.data, updatedAt: q.state.dataUpdatedAt }));
  // What earlier pages of this person loaded stays (the overview, then the task list in a new page
  // load), the newest answer of each key winning, the most recent MAX_QUERIES kept.
  const earlier = readOfflineCopy();
  const byKey = new Map<string, OfflineCopy["queries"][number]>();
  for (const q of earlier?.user.id === user.id ? earlier.queries : []) byKey.set(JSON.stringify(q.key), q);
  for (const q of loaded) {
    const known = byKey.get(JSON.stringify(q.key));
    if (!known || known.updatedAt <= q.updatedAt) byKey.set(JSON.stringify(q.key), q);
  }
  const queries = [...byKey.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_QUERIES);
  const copy: OfflineCopy = { v: VERSION, user, expiresAt, savedAt: Date.now(), queries };
  try {
    const text = JSON.stringify(copy);
    if (text.length > MAX_CHARS) return;
    dropCopies(user.id);
    s.setItem(`${PREFIX}${user.id}`, text);
  } catch {
    // Quota or private mode: nothing is kept, and offline the app asks to sign in as before.
  }
}

/**
 * Keeps `user`'s copy up to date with every kept query that loads, until the returned function is
 * called. Other people's copies are removed at once.
 */
export function keepOfflineCopy(qc: QueryClient, user: SessionUser, expiresAt: string): () => void {
  dropCopies(user.id);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      save(qc, user, expiresAt);
    }, SAVE_DELAY_MS);
  };
  schedule();
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success" && kept(event.query.queryKey)) schedule();
  });
  // A page left (or hidden) before the delay is up writes at once: its answers are not lost.
  const now = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    save(qc, user, expiresAt);
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") now();
  };
  window.addEventListener("pagehide", now);
  document.addEventListener("visibilitychange", onHidden);
  return () => {
    unsubscribe();
    window.removeEventListener("pagehide", now);
    document.removeEventListener("visibilitychange", onHidden);
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
