// GET /ical/{secret}.ics: the public side of a person's iCalendar feed. The secret in the address is
// the only credential (calendar apps send no cookies); an unknown or revoked one, or one whose account
// is banned or being deleted, is a plain 404. Each feed answers at most ROUTE_LIMITS.icalFeed times
// an hour, whoever asks (calendar services fetch many people's feeds from a few addresses, so a
// limit per client address would cut off everyone behind them); then 429 with Retry-After. The
// secret never reaches a log: the request logger names the path as /ical/[feed].ics
// (http/every-response.ts). ?tz= places the events in an IANA time zone (Settings adds the
// browser's), else UTC.
import { Hono } from "hono";
import type { AppDeps } from "../../deps.ts";
import { timeZone } from "../../http/params.ts";
import { countInWindow } from "../../http/rate-limit.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import type { AppBindings } from "../../http/types.ts";
import { feedOwner, renderIcalFeed } from "./ical-feed.ts";

export function icalFeedRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "rateLimitStore" | "rateLimitEnabled">,
) {
  return new Hono<AppBindings>().get("/:file", async (c) => {
    const file = c.req.param("file");
    const now = deps.clock();
    const owner = file.endsWith(".ics") ? await feedOwner(deps.database.db, file.slice(0, -4), now) : null;
    if (!owner) return c.text("No calendar feed at this address.", 404);
    if (deps.rateLimitEnabled) {
      const limit = ROUTE_LIMITS.icalFeed;
      const counted = await countInWindow(deps.rateLimitStore, limit, `feed:${owner}`, now).catch((err) => {
        // A broken counter store must not take the feed down: serve, and say so loudly.
        c.get("log")?.error({ err, limit: limit.name }, "rate limit store failed; request served unlimited");
        return null;
      });
      if (counted && !counted.allowed) {
        c.get("log")?.warn({ limit: limit.name }, "rate limited");
        return c.text(limit.message, 429, { "Retry-After": String(counted.retryAfterSeconds) });
      }
    }
    let tz: string;
    try {
      tz = timeZone(c.req.query("tz"));
    } catch {
      return c.text("Unknown time zone.", 400);
    }
    const body = await renderIcalFeed(deps.database.db, owner, tz, now);
    return c.body(body, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="kairo.ics"',
      "cache-control": "private, max-age=300",
      "x-robots-tag": "noindex",
    });
  });
}
