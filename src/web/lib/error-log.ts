// The last 10 application errors, kept in this browser for the error screen and bug reports, and
// sent to the server (POST /api/client-errors) when the signed-in person allows crash reports.
import type { ClientErrorBody } from "#shared/contracts/account.ts";
import { CLIENT_ERROR_LIMITS, ERROR_SCREEN } from "#shared/domain/limits.ts";
import { apiSend } from "./api-client.ts";
import { currentPreferences } from "./preferences.ts";

export type ErrorLogEntry = {
  message: string;
  stack?: string;
  componentStack?: string;
  timestamp: string;
  url: string;
  /** Whether it reached Kairo: "sent", or "not-sent" (crash reports off, signed out, offline). */
  reported?: "sent" | "not-sent";
};

const KEY = "kairo-error-log";

export function readErrorLog(): ErrorLogEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function recordError(error: unknown, componentStack?: string): ErrorLogEntry[] {
  const err = error instanceof Error ? error : new Error(String(error));
  const entry: ErrorLogEntry = {
    message: err.message,
    stack: err.stack,
    componentStack,
    timestamp: new Date().toISOString(),
    url: window.location.href,
  };
  const log = [entry, ...readErrorLog()].slice(0, ERROR_SCREEN.logsKept);
  writeLog(log);
  void reportError(entry).then((sent) => markReported(entry, sent));
  return log;
}

function writeLog(log: ErrorLogEntry[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(log));
  } catch {
    // storage full or disabled: the screen still shows the error
  }
}

/** Notes on the kept entry whether it reached Kairo, so the local log tells which ones support has. */
function markReported(entry: ErrorLogEntry, sent: boolean) {
  const reported = sent ? "sent" : "not-sent";
  writeLog(
    readErrorLog().map((e) =>
      e.timestamp === entry.timestamp && e.message === entry.message ? { ...e, reported } : e,
    ),
  );
}

// PostgreSQL text cannot hold NUL, and the server refuses it: drop it rather than lose the report.
const clip = (s: string | undefined, max: number) =>
  s === undefined ? undefined : s.replaceAll("\u0000", "").slice(0, max);

/**
 * Sends the entry to the server if the person's "Crash reports" switch is on. Nothing is sent when
 * the switch is off, or when the preferences cannot be read (signed out, offline, server down).
 * Never throws: reporting an error must not cause another.
 */
export async function reportError(entry: ErrorLogEntry): Promise<boolean> {
  const preferences = await currentPreferences();
  if (!preferences?.privacy.crashReports) return false;
  const body: ClientErrorBody = {
    message: clip(entry.message || "Unknown error", CLIENT_ERROR_LIMITS.message)!,
    stack: clip(entry.stack, CLIENT_ERROR_LIMITS.stack),
    componentStack: clip(entry.componentStack, CLIENT_ERROR_LIMITS.componentStack),
    url: clip(entry.url, CLIENT_ERROR_LIMITS.url),
    timestamp: entry.timestamp,
  };
  try {
    await apiSend("/api/client-errors", { method: "POST", json: body });
    return true;
  } catch {
    return false;
  }
}
