// An instant in a request: ISO 8601 with an offset, and within the years 0001 to 9999 UTC, the range
// both the database and JavaScript dates hold. Anything else is the caller's mistake (a 400 naming
// the field), never a 500 from deeper down.
import { z } from "zod";

const FIRST = new Date("0001-01-01T00:00:00Z").getTime();
const LAST = new Date("9999-12-31T23:59:59.999Z").getTime();

/** Within 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z (after applying the offset). */
export function inSupportedYears(iso: string): boolean {
  const t = new Date(iso).getTime();
  return Number.isFinite(t) && t >= FIRST && t <= LAST;
}

export function instantField(name: string) {
  return z.iso
    .datetime({ offset: true, error: `${name} must be a date and time, e.g. 2026-12-01T17:00:00Z` })
    .refine(inSupportedYears, `${name} must be between the years 0001 and 9999 (UTC)`);
}
