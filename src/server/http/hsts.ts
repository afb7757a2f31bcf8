// Strict-Transport-Security, only on answers that went out over HTTPS: directly (the request URL is
// https) or through a trusted proxy that says so (X-Forwarded-Proto, honoured only with TRUST_PROXY).
// Sent over plain HTTP the header means nothing and would only mislead a local setup.
import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./types.ts";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

export function hsts(o: { trustProxy: boolean }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next();
    const forwardedProto = o.trustProxy
      ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase()
      : undefined;
    const https = c.req.url.startsWith("https:") || forwardedProto === "https";
    if (https) c.res.headers.set("Strict-Transport-Security", HSTS_VALUE);
  };
}
