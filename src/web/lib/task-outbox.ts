// Tasks captured with no network (decision 282): each waits in this browser, under its person's id,
// with the Idempotency-Key it will be sent with, and is sent once the connection returns. The key
// makes a send that reached the server (its answer lost) or a second tab's send create nothing more.
import { useSyncExternalStore } from "react";
import { type TaskCreateBody, type TaskDto, taskDto } from "#shared/contracts/tasks.ts";
import { ApiError, apiFetch } from "./api-client.ts";
import { notifyError } from "./notify.ts";
import { queryClient } from "./query-client.ts";
import { invalidate } from "./query-keys.ts";

export type QueuedTask = { key: string; body: TaskCreateBody; queuedAt: string };

const PREFIX = "kairo-outbox:";
const RETRY_EVERY_MS = 30_000;

const listeners = new Set<() => void>();
/** Parsed queues by storage key, re-read only when the stored text changes (a stable snapshot). */
const parsed = new Map<string, { text: string | null; items: QueuedTask[] }>();
const EMPTY: QueuedTask[] = [];

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** A random key from getRandomValues (crypto.randomUUID exists only on secure origins). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function queuedTasks(userId: string | null): QueuedTask[] {
  if (!userId) return EMPTY;
  const name = `${PREFIX}${userId}`;
  const text = storage()?.getItem(name) ?? null;
  const known = parsed.get(name);
  if (known && known.text === text) return known.items;
  let items: QueuedTask[] = EMPTY;
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(value))
      items = value.filter(
        (q): q is QueuedTask => typeof q?.key === "string" && typeof q?.body?.title === "string",
      );
  } catch {
    items = EMPTY;
  }
  parsed.set(name, { text, items });
  return items;
}

function write(userId: string, items: QueuedTask[]) {
  const s = storage();
  if (!s) throw new Error("This browser cannot keep the task until the connection returns.");
  if (items.length === 0) s.removeItem(`${PREFIX}${userId}`);
  else s.setItem(`${PREFIX}${userId}`, JSON.stringify(items));
  for (const l of listeners) l();
}

/** Keeps a task to send later, with the key it will be sent with. */
export function queueTask(userId: string, body: TaskCreateBody, key: string) {
  write(userId, [...queuedTasks(userId), { key, body, queuedAt: new Date().toISOString() }]);
  scheduleRetry(userId);
}

function removeQueued(userId: string, key: string) {
  write(
    userId,
    queuedTasks(userId).filter((q) => q.key !== key),
  );
}

/** Forgets every queue this browser holds but `exceptUserId`'s (sign-out, another person). */
export function forgetQueues(exceptUserId?: string) {
  const s = storage();
  if (!s) return;
  const names: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX) && k !== `${PREFIX}${exceptUserId}`) names.push(k);
  }
  for (const k of names) s.removeItem(k);
  for (const l of listeners) l();
}

/** POST /api/tasks with the key (if any): the first answer again when it was already created. */
export const sendTask = (body: TaskCreateBody, key?: string): Promise<TaskDto> =>
  apiFetch("/api/tasks", {
    method: "POST",
    json: body,
    headers: key ? { "Idempotency-Key": key } : {},
    schema: taskDto,
  });

/** A failure worth trying again later: no network, the server down or busy, the key in use. */
export const worthRetrying = (err: unknown) =>
  !(err instanceof ApiError) ||
  err.status === 0 ||
  err.status >= 500 ||
  err.status === 409 ||
  err.status === 429;

let sending: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRetry(userId: string) {
  if (retryTimer || typeof window === "undefined") return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void sendQueued(userId, outboxHooks);
  }, RETRY_EVERY_MS);
}

type Hooks = {
  /** A task was created (or found created): what shows tasks is stale. */
  onSent: (task: TaskDto) => void;
  /** The server refused a queued task for good (it will never be created): say so. */
  onRefused: (item: QueuedTask, err: unknown) => void;
};

const outboxHooks: Hooks = {
  onSent: () => void invalidate(queryClient, "task"),
  onRefused: (item, err) =>
    notifyError(err, { title: `"${item.body.title}" could not be added`, fallback: "The task was refused." }),
};

/**
 * Sends `userId`'s queue, oldest first, one at a time; stops at the first failure worth retrying
 * (tried again on `online`, or in 30 s). One pass at a time in this tab.
 */
export function sendQueued(userId: string, hooks: Hooks = outboxHooks): Promise<void> {
  if (sending) return sending;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return Promise.resolve();
  sending = (async () => {
    for (const item of queuedTasks(userId)) {
      try {
        const task = await sendTask(item.body, item.key);
        removeQueued(userId, item.key);
        hooks.onSent(task);
      } catch (err) {
        if (worthRetrying(err)) {
          scheduleRetry(userId);
          return;
        }
        removeQueued(userId, item.key);
        hooks.onRefused(item, err);
      }
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The person's tasks waiting for the connection, live (this tab and others). */
export function useQueuedTasks(userId: string | null): QueuedTask[] {
  return useSyncExternalStore(
    subscribe,
    () => queuedTasks(userId),
    () => EMPTY,
  );
}
