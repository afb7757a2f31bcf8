// A request header by its lower-case name. On @hono/node-server it is read from Node's own parsed
// headers: `c.req.header()` would first build a web `Headers` copy of all of them, which the
// always-on middleware alone would pay on every request (docs/decisions/115-one-pass-response-headers.md).
// Repeated headers are joined as Node joins them (", ", and "; " for Cookie).
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
