// The calendar's month view for a person with 500 repeating tasks (issue 24 point 8), runnable alone:
//   node bench/recurring-month.ts
// On a fresh database at TEST_DATABASE_URL: one person with 500 open series of mixed rules (every
// day, every weekday, weekly on two days, every two weeks, monthly on a day, the last Friday of the
// month; in four time zones), each with a few skipped dates, written through SQL. Then the read
// behind GET /api/calendar (calendarItems: the task rows, the series expanded in their zones, the
// skips, time blocks and synced events) for the coming month, timed over 200 calls after 50 to warm up;
// the very first call, before anything is kept, is printed too.
// Prints figures, asserts nothing; the load average is printed with them.
import { sql } from "drizzle-orm";
import { calendarItems } from "../src/server/modules/analytics/calendar-items.ts";
import { calendarItemsResponse } from "../src/shared/contracts/tasks.ts";
import { loadAverage } from "./process-measures.ts";
import { timeRuns, withScratchDatabase } from "./scratch-database.ts";

const SERIES = 500;
const CALLS = 200;
const RULES = [
  "FREQ=DAILY",
  "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
  "FREQ=WEEKLY;BYDAY=TU,TH",
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR",
  "FREQ=MONTHLY;BYMONTHDAY=15",
  "FREQ=MONTHLY;BYDAY=-1FR",
];
const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"];

export async function recurringMonthFigures(record: (name: string, value: string) => void) {
  await withScratchDatabase("recurring_month", async (database) => {
    const db = database.db;
    await db.execute(sql`
      insert into "user" (id, full_name, email, email_verified) values ('u1', 'Person', 'p@example.com', true)`);
    // Series started a month ago at 09:00 wall-clock; the open occurrence is today's date at 09:00 UTC
    // (the read expands from the open one on).
    const rules = sql.raw(`array[${RULES.map((r) => `'${r}'`).join(",")}]`);
    const zones = sql.raw(`array[${ZONES.map((z) => `'${z}'`).join(",")}]`);
    await db.execute(sql`
      insert into tasks (user_id, title, deadline, occurrence_due, recurrence_rule, recurrence_start,
        recurrence_time_zone, series_title, estimated_minutes, status)
      select 'u1', 'Series ' || i, date_trunc('day', now()) + interval '9 hours',
        date_trunc('day', now()) + interval '9 hours',
        (${rules})[1 + i % ${RULES.length}],
        to_char(now() - interval '30 days', 'YYYY-MM-DD') || 'T09:00',
        (${zones})[1 + i % ${ZONES.length}],
        'Series ' || i, 30, 'todo'
      from generate_series(1, ${SERIES}) i`);
    // Three skipped dates per series, ahead of today: EXDATEs the expansion must leave out.
    await db.execute(sql`
      insert into task_occurrences (task_id, user_id, due_at, outcome, done_at, done_by, title, category,
        actual_minutes, estimated_minutes)
      select t.id, 'u1', date_trunc('day', now()) + (k * 3) * interval '1 day' + interval '9 hours', 'skipped',
        now(), 'u1', t.title, t.category, 0, 30
      from tasks t cross join generate_series(1, 3) k`);
    await db.execute(sql`vacuum analyze`);

    const from = new Date();
    const to = new Date(from.getTime() + 35 * 86_400_000);
    const run = () => calendarItems(db, "u1", from, to);
    // The first read finds nothing kept yet (decision 289): what the first look at a month costs.
    const first = performance.now();
    const sample = await run();
    const cold = performance.now() - first;
    const cpu = process.cpuUsage();
    const quantile = await timeRuns(run, 50, CALLS);
    const used = process.cpuUsage(cpu);
    // The process's own CPU per read (the timed ones and the warm-up), which other load on the
    // machine does not lengthen as it does the wall-clock figures.
    const cpuPerRead = (used.user + used.system) / 1000 / (CALLS + 50);
    const at = (q: number) => quantile(q).toFixed(1);
    const count = (sample as { occurrences?: unknown[] }).occurrences?.length ?? 0;
    // What the route adds to the read: the answer checked against its contract (reply()) and
    // serialised, as GET /api/calendar does before compression.
    const answered = await timeRuns(
      async () => JSON.stringify(calendarItemsResponse.parse(await run())),
      20,
      CALLS,
    );
    record(
      `calendar month view (35 days), ${SERIES} repeating tasks, PostgreSQL: median / p99 of the read (ms, goal < 20)`,
      `${at(0.5)} / ${at(0.99)} (${count} future dates; first read ${cold.toFixed(1)}; CPU per read ${cpuPerRead.toFixed(1)}; ${loadAverage()})`,
    );
    record(
      `calendar month view, the read with the answer checked and serialised as the route does: median / p99 (ms, goal < 20)`,
      `${answered(0.5).toFixed(1)} / ${answered(0.99).toFixed(1)}`,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await recurringMonthFigures((n, v) => console.info(`${n.padEnd(100)} ${v}`));
}
