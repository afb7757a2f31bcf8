// 10,000 reminders due in the same minute, delivered by two Kairo instances (issue 24 point 8),
// runnable alone: `node bench/reminders-burst.ts`; `npm run bench` runs it after the month view.
// On a scratch PostgreSQL database at TEST_DATABASE_URL, two real instances (src/server/main.ts, with
// Redis at TEST_REDIS_URL, sweeping on their default timer) are started; then 2,500 people are
// written through SQL, each with eight tasks with deadlines: four have a reminder due at the same
// coming minute (one at that time, three 15 minutes, an hour and a day before their deadlines), two
// have reminders that fired yesterday and two have reminders due tomorrow. Three people in ten have
// email reminders off; the rest get an email too. Their time zones vary (Settings → Planning, the
// analytics zone, or neither). A trigger on the scratch database notes each notification's
// transaction and instance (each instance's connections carry their own application_name), and the
// bench polls which transactions have committed every 100 ms: a reminder is delivered when its
// notification (and its email, written in the same transaction) is visible to others. Prints the
// time from the due minute to the last delivery, the lag's p50 / p99, what each instance delivered,
// and the duplicates (notifications per reminder beyond one). Asserts nothing.
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { type BenchServer, startBenchServer, stopBenchServer } from "./kairo-process.ts";
import { withScratchDatabase } from "./scratch-database.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PEOPLE = 2_500;
const DUE_PER_PERSON = 4;
const REMINDERS = PEOPLE * DUE_PER_PERSON;
const POLL_MS = 100;
/** How long after the due minute the bench waits before it reports what is missing. */
const GIVE_UP_MS = 180_000;
const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo"];
const TITLES = [
  "Send the quarterly report",
  "Call the dentist",
  "Review the pull request",
  "Pay the electricity bill",
  "Prepare the team meeting",
  "Renew the passport",
  "Water the plants",
  "Book the flights",
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

export async function remindersBurstFigures(record: (name: string, value: string) => void) {
  await withScratchDatabase("reminders_burst", async (database, url) => {
    const db = database.db;
    // The bench's own note of each delivery: the transaction and the instance that wrote it.
    await db.execute(sql`
      create table bench_deliveries (reminder_id uuid not null, app text not null, tx bigint not null)`);
    await db.execute(sql`
      create function bench_note_delivery() returns trigger language plpgsql as $$
      begin
        if new.reminder_id is not null then
          insert into bench_deliveries values (new.reminder_id, current_setting('application_name'), txid_current());
        end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger bench_note_delivery after insert on notifications
        for each row execute function bench_note_delivery()`);

    const servers: BenchServer[] = [];
    try {
      const port = 4890 + Math.floor(Math.random() * 200);
      for (const [i, name] of ["a", "b"].entries()) {
        const u = new URL(url);
        u.searchParams.set("application_name", `kairo-${name}`);
        servers.push(
          await startBenchServer(port + i, "reminders", { DATABASE_URL: u.toString(), REDIS_URL }),
        );
      }
      // The coming minute, at least 20 s away (the seeding takes a few).
      const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
      const at = due.toISOString();
      const zones = sql.raw(`array[${ZONES.map((z) => `'${z}'`).join(",")}]`);
      const titles = sql.raw(`array[${TITLES.map((t) => `'${t}'`).join(",")}]`);
      await db.execute(sql`
        insert into "user" (id, full_name, email, email_verified, preferences)
        select 'rb' || p, 'Person ' || p, 'person' || p || '@example.com', true,
               case when p % 10 < 3 then '{"notifications":{"email":false}}'::jsonb else '{}'::jsonb end
          from generate_series(1, ${PEOPLE}) p`);
      await db.execute(sql`
        insert into planner_state (user_id, preferences)
        select 'rb' || p, jsonb_build_object('timeZone', (${zones})[1 + p % ${ZONES.length}])
          from generate_series(1, ${PEOPLE}) p where p % 3 = 0`);
      await db.execute(sql`
        insert into analytics_totals (user_id, time_zone)
        select 'rb' || p, (${zones})[1 + (p / 3) % ${ZONES.length}]
          from generate_series(1, ${PEOPLE}) p where p % 3 = 1`);
      // Task k of each person: 1-4 have a reminder due at the minute; 5-6 fired yesterday; 7-8 due tomorrow.
      await db.execute(sql`
        insert into tasks (user_id, title, deadline, category, priority, estimated_minutes)
        select 'rb' || p, (${titles})[1 + (p + k) % ${TITLES.length}] || ' #' || k,
               ${at}::timestamptz + case k when 1 then interval '2 hours' when 2 then interval '15 minutes'
                 when 3 then interval '1 hour' when 4 then interval '1 day'
                 when 5 then interval '-20 hours' when 6 then interval '-1 hour'
                 else interval '1 day 2 hours' end,
               (array['General','Development','Meeting','Research'])[1 + k % 4],
               (array['low','medium','high'])[1 + (p + k) % 3], 15 * (1 + k % 4)
          from generate_series(1, ${PEOPLE}) p cross join generate_series(1, 8) k`);
      await db.execute(sql`
        insert into task_reminders (task_id, user_id, at, offset_minutes, due_at, fired_at)
        select t.id, t.user_id, r.at, r.offset_minutes,
               coalesce(r.at, t.deadline - r.offset_minutes * interval '1 minute'),
               case when r.k in (5, 6) then ${at}::timestamptz - interval '1 day' end
          from tasks t
          join (values (1, ${at}::timestamptz, null::int), (2, null, 15), (3, null, 60), (4, null, 1440),
                       (5, ${at}::timestamptz - interval '1 day', null), (6, null, 30),
                       (7, ${at}::timestamptz + interval '1 day', null), (8, null, 120)) r(k, at, offset_minutes)
            on t.title like '% #' || r.k`);
      await db.execute(sql`vacuum analyze`);
      const [{ waiting, early, emailed } = { waiting: 0, early: 0, emailed: 0 }] = rowsOf(
        await db.execute(sql`
          select count(*) filter (where r.due_at = ${at}::timestamptz)::int as waiting,
                 count(*) filter (where r.fired_at is null and r.due_at < ${at}::timestamptz)::int as early,
                 count(*) filter (where r.due_at = ${at}::timestamptz
                   and coalesce((u.preferences->'notifications'->>'email')::boolean, true))::int as emailed
            from task_reminders r join "user" u on u.id = r.user_id`),
      ) as Array<{ waiting: number; early: number; emailed: number }>;
      if (waiting !== REMINDERS || early !== 0)
        throw new Error(`seeded ${waiting} reminders at the minute (${early} due before it)`);
      if (Date.now() > due.getTime() - 2_000) throw new Error("the seeding ran into the due minute");

      // Poll which transactions' deliveries are visible, noting when each first is.
      const seenAt = new Map<string, { at: number; app: string; n: number }>();
      let delivered = 0;
      while (delivered < REMINDERS && Date.now() < due.getTime() + GIVE_UP_MS) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const rows = rowsOf(
          await db.execute(
            sql`select tx::text as tx, app, count(*)::int as n from bench_deliveries group by tx, app`,
          ),
        );
        const now = Date.now();
        for (const r of rows) {
          const key = `${r.tx}/${r.app}`;
          if (!seenAt.has(key)) seenAt.set(key, { at: now, app: String(r.app), n: Number(r.n) });
        }
        delivered = [...seenAt.values()].reduce((s, v) => s + v.n, 0);
      }
      const loadAfter = load();
      const lags = [...seenAt.values()]
        .flatMap((v) => Array.from({ length: v.n }, () => v.at - due.getTime()))
        .sort((x, y) => x - y);
      const perApp = new Map<string, number>();
      for (const v of seenAt.values()) perApp.set(v.app, (perApp.get(v.app) ?? 0) + v.n);
      const [check] = rowsOf(
        await db.execute(sql`
          select (select count(*)::int from notifications where kind = 'reminder') as notes,
                 (select count(*)::int - count(distinct reminder_id)::int from notifications
                   where reminder_id is not null) as duplicates,
                 (select count(*)::int from task_reminders where due_at = ${at}::timestamptz and fired_at is null) as unfired,
                 (select count(*)::int from mail_outbox where idempotency_key like 'reminder:%') as mails,
                 (select count(*)::int from mail_outbox where idempotency_key like 'reminder:%' and status = 'sent') as sent`),
      ) as Array<Record<string, number>>;
      const last = lags.at(-1) ?? 0;
      const met = delivered === REMINDERS && check!.duplicates === 0 && last <= 60_000;
      const label = `reminders: ${REMINDERS.toLocaleString("en")} due in one minute, ${PEOPLE.toLocaleString("en")} people, two instances, PostgreSQL + Redis`;
      record(
        `${label}: delivered / due minute to the last (s, goal all within 60 s, none twice)`,
        `${delivered} of ${REMINDERS} / ${(last / 1000).toFixed(1)} (${met ? "met" : "NOT met"}; load ${loadAfter})`,
      );
      record(
        "  delivery lag from the due minute: first / p50 / p99 (s)",
        `${((lags[0] ?? 0) / 1000).toFixed(1)} / ${(pct(lags, 0.5) / 1000).toFixed(1)} / ${(pct(lags, 0.99) / 1000).toFixed(1)}`,
      );
      record(
        "  delivered per instance (a / b); duplicates; emails queued with them (expected)",
        `${perApp.get("kairo-a") ?? 0} / ${perApp.get("kairo-b") ?? 0}; ${check!.duplicates}; ${check!.mails} (${emailed}), ${check!.sent} sent by then`,
      );
      if ((check!.unfired ?? 0) > 0 || check!.notes !== delivered)
        record("  left unfired; notifications in all", `${check!.unfired}; ${check!.notes}`);
    } finally {
      for (const s of servers) await stopBenchServer(s);
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await remindersBurstFigures((n, v) => console.info(`${n.padEnd(100)} ${v}`));
}
