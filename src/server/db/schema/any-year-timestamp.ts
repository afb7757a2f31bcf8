// A timestamptz column for instants people type (a task's deadline), read correctly for every year
// the API accepts (0001-9999). Drizzle reads timestamptz as PostgreSQL's text ("0001-01-01
// 00:00:00+00") and hands it to `new Date`, whose non-ISO parsing turns the years 0-99 into
// 1900-1999 and 2000-2049: a deadline in the year 1 came back as 2001. Here the text is taken apart
// and the year set on its own.
import { customType } from "drizzle-orm/pg-core";

const PG_TIMESTAMPTZ =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?( BC)?$/;

export function parsePgTimestamptz(text: string): Date {
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m || m[12]) return new Date(text);
  const [, y, mo, d, h, mi, s, frac = "0", sign, oh = "0", om = "0", os = "0"] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), Math.floor(Number(`0.${frac}`) * 1000));
  const offsetSeconds = (Number(oh) * 3600 + Number(om) * 60 + Number(os)) * (sign === "-" ? -1 : 1);
  return new Date(date.getTime() - offsetSeconds * 1000);
}

export const anyYearTimestamp = customType<{ data: Date; driverData: string | Date }>({
  dataType: () => "timestamp with time zone",
  fromDriver: (value) => (value instanceof Date ? value : parsePgTimestamptz(value)),
  toDriver: (value) => value.toISOString(),
});

/**
 * PostgreSQL's text for a timestamptz as the API's ISO text. The common form, a UTC time such as
 * "2026-11-24 06:20:43.123456+00", is rearranged as text (milliseconds cut, as `Date` does); any
 * other (another zone, a year past 9999, BC) is read through a `Date`.
 */
export function isoFromPg(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  if (text.length >= 22 && text.endsWith("+00") && text[10] === " " && text[4] === "-") {
    const fraction = text[19] === "." ? text.slice(20, -3) : "";
    if (text.length === 22 + (fraction ? fraction.length + 1 : 0) && /^\d*$/.test(fraction))
      return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
  }
  return parsePgTimestamptz(text).toISOString();
}
