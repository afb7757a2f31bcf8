// Path and query parameters through the shared schemas. A malformed id is a 404, as an id that
// belongs to someone else: neither reveals anything.
import type { Context } from "hono";
import type { z } from "zod";
import { CLIENT_TAB_HEADER } from "#shared/contracts/realtime.ts";
import { uuidParam } from "#shared/contracts/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { parseWith } from "./validate.ts";

export function idParam(c: Context, name = "id", what = "Task"): string {
  const parsed = uuidParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("NOT_FOUND", `${what} not found.`);
  return parsed.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/** Names already accepted (there are about 600 IANA zones; the bound keeps junk from growing it). */
const knownZones = new Set<string>();

/**
 * A named (IANA) time zone, or UTC. Offsets such as "+05:00" are refused: Intl reads them as
 * UTC+5, PostgreSQL as POSIX UTC-5, and the days would come out the wrong way round.
 */
export function timeZone(tz: string | undefined): string {
  if (!tz) return "UTC";
  if (knownZones.has(tz)) return tz;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) {
    throw new AppError("VALIDATION", "Unknown time zone.", { fields: { tz: "Unknown time zone." } });
  }
  try {
    // Building a formatter costs tens of microseconds; the answer for a name never changes.
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    if (knownZones.size < 1000) knownZones.add(tz);
    return tz;
  } catch {
    throw new AppError("VALIDATION", "Unknown time zone.", { fields: { tz: "Unknown time zone." } });
  }
}

/**
 * The browser tab that sent the request (its CLIENT_TAB_HEADER), or null. Only ever echoed back to
 * the person's own devices, so it is trusted for nothing but telling a tab its own changes.
 */
export function clientTabId(c: Context): string | null {
  const id = c.req.header(CLIENT_TAB_HEADER);
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}
