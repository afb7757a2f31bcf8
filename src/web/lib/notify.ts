// Toasts for outcomes. Errors go through the spec's mapping: severity decides how long they stay
// (3, 5, 7, 10 s), low is shown as a warning, critical offers Retry.
// Sonner and its Toaster download with the first toast, not with the page (issue 12 point 3): `toast`
// here asks the root layout to mount the Toaster, waits until it listens, then shows the toast.
import type { ReactNode } from "react";
import { type MappedError, mapError, SEVERITY_DURATION_MS } from "#shared/errors/message-mapping.ts";
import { ApiError } from "./api-client.ts";
import { queryClient } from "./query-client.ts";
import { toasterStore } from "./toaster-store.ts";

type ToastKind = "success" | "error" | "info" | "warning";
type ToastOptions = {
  description?: ReactNode;
  duration?: number;
  action?: { label: string; onClick: () => void };
};

function show(kind: ToastKind, title: string, options?: ToastOptions): void {
  toasterStore.want();
  void Promise.all([import("sonner"), toasterStore.isReady]).then(([{ toast: sonner }]) =>
    sonner[kind](title, options),
  );
}

/** Sonner's toast calls, loaded on first use. */
export const toast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
  warning: (title: string, options?: ToastOptions) => show("warning", title, options),
};

/**
 * What Retry does on a critical error when the caller has nothing better to offer: the connection
 * came back (or not), so fetch again whatever the screen shows and send any mutations that waited.
 */
function retryConnection() {
  void queryClient.resumePausedMutations();
  void queryClient.refetchQueries({ type: "active" });
}

/** Our own API messages are already written for people; anything else goes through the mapping. */
export function describeError(error: unknown, fallback?: string): MappedError {
  const mapped = mapError(error);
  if (mapped.kind !== "unknown") return mapped;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    const kind = error.status === 403 ? "permission" : error.status === 401 ? "auth" : "validation";
    return { message: error.message, kind, severity: "medium" };
  }
  if (error instanceof ApiError && error.status >= 500) {
    return { message: fallback ?? mapped.message, kind: "server", severity: "high" };
  }
  return fallback ? { ...mapped, message: fallback } : mapped;
}

export function notifyError(
  error: unknown,
  options: { fallback?: string; title?: string; retry?: () => void } = {},
) {
  const { message, severity } = describeError(error, options.fallback);
  const duration = SEVERITY_DURATION_MS[severity];
  const title = options.title ?? message;
  const description = options.title ? message : undefined;
  if (severity === "low") return toast.warning(title, { description, duration });
  return toast.error(title, {
    description,
    duration,
    ...(severity === "critical"
      ? { action: { label: "Retry", onClick: options.retry ?? retryConnection } }
      : {}),
  });
}

export function notifySuccess(title: string, description?: string) {
  return toast.success(title, { description });
}

/**
 * A failure whose words the spec fixes (a title and a description), whatever the underlying error:
 * e.g. "Upgrade failed" / "There was an error processing your upgrade. Please try again."
 */
export function notifyFailure(title: string, description?: string) {
  return toast.error(title, { description, duration: SEVERITY_DURATION_MS.medium });
}

/** A neutral outcome: nothing went wrong, nothing changed (e.g. a cancelled checkout). */
export function notifyInfo(title: string, description?: string) {
  return toast.info(title, { description });
}
