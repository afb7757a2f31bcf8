import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, type ErrorBody } from "#shared/errors/app-error.ts";
import { dbBusyKind } from "../db/errors.ts";
import type { AppBindings } from "./types.ts";

export const TOO_MANY_CHANGES_MESSAGE = "Too many changes at once, try again.";
export const SERVER_BUSY_MESSAGE = "The server is busy. Please try again in a moment.";

/** The database's bounded waits (src/server/db/errors.ts) as the answers people get. */
export function busyError(err: unknown): AppError | null {
  const kind = dbBusyKind(err);
  if (kind === "lock")
    return new AppError("RATE_LIMITED", TOO_MANY_CHANGES_MESSAGE, { retryAfterSeconds: 1, cause: err });
  if (kind === "busy")
    return new AppError("UNAVAILABLE", SERVER_BUSY_MESSAGE, { retryAfterSeconds: 2, cause: err });
  return null;
}

/** Turns anything thrown into the API's JSON error shape; unknown errors are logged, never echoed. */
export function onError(thrown: Error, c: Context<AppBindings>) {
  const busy = busyError(thrown);
  if (busy) c.get("log")?.warn({ err: thrown }, busy.message);
  const err = busy ?? thrown;
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(err.toBody(), err.status as 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 401 ? "UNAUTHENTICATED" : "HTTP_ERROR";
    const message =
      status === 413 ? "The request body is too large." : err.message || "The request could not be handled.";
    // A 413 is answered before the body is read; the rest of it is left on the connection, which the
    // server then drops. Say so, or the client reuses the connection and its next request fails.
    if (status === 413) c.header("Connection", "close");
    return c.json({ error: { code, message } } satisfies ErrorBody, status);
  }
  const log = c.get("log");
  log?.error({ err }, "unhandled error");
  return c.json(
    {
      error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
    } satisfies ErrorBody,
    500,
  );
}
