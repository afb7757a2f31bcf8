import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, type ErrorBody } from "#shared/errors/app-error.ts";
import type { AppBindings } from "./types.ts";

/** Turns anything thrown into the API's JSON error shape; unknown errors are logged, never echoed. */
export function onError(err: Error, c: Context<AppBindings>) {
  if (err instanceof AppError) {
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
