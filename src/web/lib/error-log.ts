// The last 10 application errors, kept in this browser for the error screen and bug reports.
import { ERROR_SCREEN } from "#shared/domain/limits.ts";

export type ErrorLogEntry = {
  message: string;
  stack?: string;
  componentStack?: string;
  timestamp: string;
  url: string;
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
  try {
    localStorage.setItem(KEY, JSON.stringify(log));
  } catch {
    // storage full or disabled: the screen still shows the error
  }
  return log;
}
