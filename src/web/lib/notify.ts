// Toasts for outcomes. Errors go through the spec's mapping: severity decides how long they stay
// (3, 5, 7, 10 s), low is shown as a warning, critical offers Retry.
import { toast } from "sonner";
import { type MappedError, mapError, SEVERITY_DURATION_MS } from "#shared/errors/message-mapping.ts";
import { ApiError } from "./api-client.ts";
import { queryClient } from "./query-client.ts";

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
