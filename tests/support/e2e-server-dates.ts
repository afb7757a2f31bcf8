// The day the e2e server's fake calendar events fall on, shared with the browser test that looks for them.

/** Tomorrow, or the Monday after when tomorrow is on a weekend (the weekly panel shows Monday to Friday). */
export function nextWeekday(from: Date): Date {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return d;
}
