// What every answer carries, in one middleware (docs/decisions/115-one-pass-response-headers.md):
// the request id (and a logger that names it), the security headers, HSTS over HTTPS and, for the
// API, Cache-Control: no-store and Server-Timing. The header values are fixed at start-up; on @hono/node-server they
// go straight onto Node's response before the route runs (a plain object write each), instead of a
// dozen `Headers.set` calls on every answer. A route's own value of one of these headers would win
// there; none sets one (the security-headers integration test checks every kind of answer).
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { requestHeader } from "./request-header.ts";
import type { AppBindings } from "./types.ts";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/**
 * The options of Hono's `secureHeaders` this app uses; SECURITY_HEADERS below is what that
 * middleware sends for them (every-response.test.ts compares the two).
 */
export const SECURE_HEADERS_OPTIONS = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", "ws:", "wss:"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
  referrerPolicy: "strict-origin-when-cross-origin",
  permissionsPolicy: { camera: [], geolocation: [], microphone: ["self"] },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);

/** The security headers of every answer, as [name, value] pairs. */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", SECURE_HEADERS_OPTIONS.referrerPolicy],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
  [
    "Content-Security-Policy",
    Object.entries(SECURE_HEADERS_OPTIONS.contentSecurityPolicy)
      .map(([directive, values]) => [kebab(directive), ...values].join(" "))
      .join("; "),
  ],
  [
    "Permissions-Policy",
    Object.entries(SECURE_HEADERS_OPTIONS.permissionsPolicy)
      .map(([feature, allow]) => `${kebab(feature)}=(${allow.join(" ")})`)
      .join(", "),
  ],
];

const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ...SECURITY_HEADERS,
  ["Cache-Control", "no-store"],
];

/**
 * A child logger made only when something logs (most requests never do): `bindings` are read then.
 * It behaves as the child itself, `child()` included.
 */
export function lazyChild(parent: Logger, bindings: () => Record<string, unknown>): Logger {
  let made: Logger | undefined;
  const real = () => {
    made ??= parent.child(bindings());
    return made;
  };
  return new Proxy({} as Logger, {
    get(_, key) {
      const target = real();
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(_, key, value) {
      return Reflect.set(real(), key, value);
    },
    has(_, key) {
      return key in real();
    },
  });
}

/**
 * The path as logs name it. The iCalendar feed's path is its credential (/ical/{secret}.ics): logs
 * travel further than the database (aggregators, support tickets), so it is never written there.
 */
export function loggedPath(path: string): string {
  return path.startsWith("/ical/") ? "/ical/[feed].ics" : path;
}

/** Node's response under @hono/node-server, when its headers can still be written. */
function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === "function" && !outgoing.headersSent ? outgoing : undefined;
}

export function everyResponse(o: { logger: Logger; trustProxy: boolean }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const requestId = requestHeader(c, "x-request-id")?.slice(0, 64) || randomUUID();
    c.set("requestId", requestId);
    const path = c.req.path;
    c.set(
      "log",
      lazyChild(o.logger, () => ({ requestId, path: loggedPath(path) })),
    );
    // The MCP server (decision 293) answers personal data as /api does: no-store, Server-Timing.
    const api = path === "/api" || path.startsWith("/api/") || path === "/mcp";
    const started = api ? performance.now() : 0;
    const headers = api ? API_HEADERS : SECURITY_HEADERS;
    // Strict-Transport-Security only where the answer goes out over HTTPS: directly, or through a
    // trusted proxy that says so (X-Forwarded-Proto); over plain HTTP it means nothing.
    const forwardedProto = o.trustProxy
      ? requestHeader(c, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase()
      : undefined;
    const https = forwardedProto === "https" || c.req.url.startsWith("https:");

    const node = nodeResponse(c);
    if (node) {
      node.setHeader("x-request-id", requestId);
      for (const [name, value] of headers) node.setHeader(name, value);
      if (https) node.setHeader("Strict-Transport-Security", HSTS_VALUE);
      await next();
      if (api && !node.headersSent) node.setHeader("Server-Timing", serverTiming(started));
      return;
    }
    // Elsewhere (app.request in tests, another runtime): on the answer itself.
    await next();
    let res = c.res;
    try {
      res.headers.set("x-request-id", requestId);
    } catch {
      // A Response.redirect() has immutable headers: answer a copy.
      res = new Response(res.body, res);
      c.res = res;
    }
    res.headers.set("x-request-id", requestId);
    for (const [name, value] of headers) res.headers.set(name, value);
    if (https) res.headers.set("Strict-Transport-Security", HSTS_VALUE);
    if (api) res.headers.set("Server-Timing", serverTiming(started));
  };
}

/**
 * `Server-Timing: app;dur=<ms>`: the time this server spent on an API answer, from the request to
 * the answer being ready to send (routes, database and compression), shown by a browser's developer
 * tools and read by `npm run bench` as server time.
 */
function serverTiming(started: number): string {
  return `app;dur=${(performance.now() - started).toFixed(1)}`;
}
