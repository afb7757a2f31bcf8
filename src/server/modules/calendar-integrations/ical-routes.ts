// GET /ical/{secret}.ics: the public side of a person's iCalendar feed. The secret in the address is
// the only credential (calendar apps send no cookies); an unknown or revoked one is a plain 404.
// ?tz= places the events in an IANA time zone (Settings adds the browser's), else UTC.
import { Hono } from "hono";
import type { AppDeps } from "../../deps.ts";
import { timeZone } from "../../http/params.ts";
import { feedOwner, renderIcalFeed } from "./ical-feed.ts";

export function icalFeedRoutes(deps: Pick<AppDeps, "database" | "clock">) {
  return new Hono().get("/:file", async (c) => {
    const file = c.req.param("file");
    const owner = file.endsWith(".ics") ? await feedOwner(deps.database.db, file.slice(0, -4)) : null;
    if (!owner) return c.text("No calendar feed at this address.", 404);
    let tz: string;
    try {
      tz = timeZone(c.req.query("tz"));
    } catch {
      return c.text("Unknown time zone.", 400);
    }
    const body = await renderIcalFeed(deps.database.db, owner, tz, deps.clock());
    return c.body(body, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="kairo.ics"',
      "cache-control": "private, max-age=300",
      "x-robots-tag": "noindex",
    });
  });
}
