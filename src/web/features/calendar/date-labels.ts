// The calendars' date labels, in English as the rest of the app, through the platform's Intl rather
// than date-fns' `format`: `format` brings its token parser and the en-US locale (5 KB compressed) into
// the dashboard's first load for the weekly panel's few labels (issue 12 point 3). date-fns stays for
// the date arithmetic. Each label matches the date-fns pattern named beside it.
const intl = (options: Intl.DateTimeFormatOptions) => {
  const formatter = new Intl.DateTimeFormat("en-US", options);
  return (d: Date) => formatter.format(d);
};
const pad2 = (n: number) => String(n).padStart(2, "0");

/** "Mon" (EEE) */
export const weekdayShort = intl({ weekday: "short" });
/** "Monday" (EEEE) */
export const weekdayLong = intl({ weekday: "long" });
/** "November 24" (MMMM d) */
export const monthLongDay = intl({ month: "long", day: "numeric" });
/** "Monday, November 24" (EEEE, MMMM d) */
export const weekdayMonthDay = intl({ weekday: "long", month: "long", day: "numeric" });
/** "Nov 24" (MMM d) */
export const monthDay = intl({ month: "short", day: "numeric" });
/** "Nov 24, 2026" (MMM d, yyyy) */
export const monthDayYear = intl({ month: "short", day: "numeric", year: "numeric" });
/** "24" (d) */
export const dayOfMonth = (d: Date) => String(d.getDate());
/** "9:05", "17:30" (H:mm) */
export const time24 = (d: Date) => `${d.getHours()}:${pad2(d.getMinutes())}`;
/** "2026-11-24" in local time (yyyy-MM-dd) */
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
