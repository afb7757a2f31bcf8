// Crash recovery with two real server processes on one PostgreSQL and one Redis: a workflow
// "task completed -> notify me (in the app and by email), create a follow-up task" runs for
// completions made through both, and one process is killed with SIGKILL while its runs are in the
// middle of their transactions. Every completed task must then have exactly one follow-up, one
// notice and one email within 60 s of the kill: the survivor takes the dead instance's runs over
// once their leases lapse, and nothing happens twice.
//
// The kill has to land mid-run every time, not by luck of timing, so the test holds the runs still
// as a slow database would: a trigger of its own on the notices table waits, inside the insert of
// each run's notice, until the test opens its gate. Both instances' run workers then all wait there,
// mid-transaction, and one instance is killed.
import type { ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { WorkflowDto } from "#shared/contracts/workflows.ts";
import { freePort, startChildServer, stopChildServer } from "../support/child-server.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "test-secret-test-secret-test-secret-0123456789";
/**
 * Run workers per instance (engine.ts): four, plus one kept for light users' runs that may or may
 * not take one of these (its priority floor depends on the person's use). With both instances'
 * general workers held, at least this many runs wait; with the reserved ones too, two more.
 */
const WORKERS_PER_INSTANCE = 4;
const TASKS = 12;

let setup: TestServer | undefined;
let smtp: SMTPServer | undefined;
const children: ChildProcess[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  for (const p of children) await stopChildServer(p, "SIGKILL");
  await setup?.close();
  if (smtp) await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function connect(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return c;
}

/** A local SMTP relay that keeps each message's subject and Message-ID. */
async function startRelay() {
  const received: { subject: string; messageId: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, cb) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        received.push({
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "",
          messageId: raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1] ?? "",
        });
        cb();
      });
    },
  });
  smtp = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received };
}

describe.runIf(onPostgres)("a server killed in the middle of workflow runs", () => {
  it("leaves no run behind: every completed task gets exactly one follow-up within 60 s", {
    timeout: 150_000,
  }, async () => {
    const relay = await startRelay();
    // The set-up instance makes the database and signs the person up; it runs no jobs.
    setup = await startTestServer({ REDIS_URL, RATE_LIMIT_DISABLED: "true" }, { adapterKey: "socket.io" });
    const url = setup.testDb.url!;
    const start = async (name: string) => {
      const port = await freePort();
      const proc = await startChildServer(port, {
        DATABASE_URL: url,
        REDIS_URL,
        BETTER_AUTH_SECRET: SECRET,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        KAIRO_DATA_DIR: `/tmp/kairo-test-data-${name}`,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "true",
        RATE_LIMIT_DISABLED: "true",
        SMTP_URL: relay.url,
        // Short leases, so the takeover this test waits for comes in seconds, not the product's tens.
        JOB_LEASE_SECONDS: "3",
      });
      children.push(proc);
      return { proc, url: `http://127.0.0.1:${port}` };
    };
    // Both at once: migrations and pg-boss's schema set-up take turns under advisory locks.
    const [b, c] = await Promise.all([start("crash-b"), start("crash-c")]);

    const person = await createVerifiedUser(setup);
    const onB = person.client.at(b.url);
    const onC = person.client.at(c.url);
    const userId = (await onB.get<{ id: string }>("/api/me")).body.id;
    const wf = await onB.post<WorkflowDto>("/api/workflows", {
      name: "Follow-ups",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: [
        { type: "send_notification", config: { title: "Done: {{task.title}}", email: true } },
        { type: "create_task", config: { title: "Follow up: {{task.title}}" } },
      ],
    });
    expect(wf.status).toBe(201);
    const made: TaskDto[] = [];
    for (let i = 0; i < TASKS; i++)
      made.push((await onB.post<TaskDto>("/api/tasks", { title: `Job ${i}` })).body);

    const db = await connect(url);
    const count = async (query: string, params: unknown[] = []) =>
      Number((await db.query<{ n: string }>(query, params)).rows[0]?.n ?? 0);

    // The gate: each run's notice waits inside its insert, in the run's transaction, while it is shut.
    await db.query(`
      create table crash_test_gate (shut boolean not null);
      insert into crash_test_gate values (true);
      create function crash_test_wait() returns trigger language plpgsql as $$
      begin
        while (select shut from crash_test_gate) loop perform pg_sleep(0.05); end loop;
        return null;
      end $$;
      create trigger crash_test_wait after insert on notifications
        for each row when (new.title like 'Done: Job %') execute function crash_test_wait();`);
    const completions = made.map((t, i) =>
      (i % 2 ? onC : onB).patch<TaskDto>(`/api/tasks/${t.id}`, { status: "completed" }),
    );
    for (const done of await Promise.all(completions)) expect(done.status).toBe(200);
    const heldRuns = () =>
      count(
        `select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event = 'PgSleep' and query ilike 'insert into "notifications"%'`,
      );
    await waitFor(heldRuns, (n) => n >= 2 * WORKERS_PER_INSTANCE, {
      what: "every run worker of both instances held inside its run's transaction",
      timeoutMs: 15_000,
    });
    // Let the reserved workers take theirs too (or not), then every held run is one running row.
    await new Promise((r) => setTimeout(r, 1_500));
    const held = await heldRuns();
    expect(held).toBeGreaterThanOrEqual(2 * WORKERS_PER_INSTANCE);
    expect(
      await count(
        "select count(*) as n from workflow_executions where workflow_id = $1 and status = 'running'",
        [wf.body.id],
      ),
    ).toBe(held);

    // B dies with its runs in the middle of their transactions; then the gate opens.
    await stopChildServer(b.proc, "SIGKILL");
    const killedAt = Date.now();
    await db.query("update crash_test_gate set shut = false");
    const left = () => 60_000 - (Date.now() - killedAt);

    // Within 60 s of the kill, C has made one follow-up per completed task, and no run is open.
    const followUps = () =>
      count(`select count(*) as n from tasks where user_id = $1 and title like 'Follow up: Job %'`, [userId]);
    const openRuns = () =>
      count(
        `select count(*) as n from workflow_executions
          where workflow_id = $1 and status in ('queued', 'running', 'retrying')`,
        [wf.body.id],
      );
    await waitFor(
      async () => ({ followUps: await followUps(), open: await openRuns() }),
      (s) => s.followUps >= TASKS && s.open === 0,
      { what: "a follow-up for every completed task", timeoutMs: left(), intervalMs: 250 },
    );
    console.info(`crash recovery: every follow-up made ${Date.now() - killedAt} ms after the kill`);
    const mails = () => relay.received.filter((m) => m.subject.startsWith("Done: Job "));
    await waitFor(
      async () => mails().length,
      (n) => n >= TASKS,
      { what: "the emails", timeoutMs: left() },
    );

    // Exactly once: one follow-up, one notice and one email per task, one completed run per completion.
    const titles = async (table: string, prefix: string) =>
      (
        await db.query<{ title: string }>(`select title from ${table} where user_id = $1 and title like $2`, [
          userId,
          `${prefix}%`,
        ])
      ).rows
        .map((r) => r.title)
        .sort();
    const expected = (prefix: string) => made.map((t) => `${prefix}${t.title}`).sort();
    expect(await titles("tasks", "Follow up: ")).toEqual(expected("Follow up: "));
    expect(await titles("notifications", "Done: ")).toEqual(expected("Done: "));
    expect(
      mails()
        .map((m) => m.subject)
        .sort(),
    ).toEqual(expected("Done: "));
    expect(new Set(mails().map((m) => m.messageId)).size).toBe(TASKS);
    expect(
      mails().every((m) => /^<workflow-run\.[0-9a-f-]{36}\.mail\.0@kairo\.local>$/.test(m.messageId)),
    ).toBe(true);
    const runs = await db.query<{ status: string; n: string }>(
      "select status, count(*) as n from workflow_executions where workflow_id = $1 group by status",
      [wf.body.id],
    );
    expect(runs.rows.map((r) => [r.status, Number(r.n)])).toEqual([["completed", TASKS]]);
    // The survivor shows the person their runs, all completed.
    const page = await onC.get<{ executions: { status: string }[] }>("/api/workflow-executions");
    expect(page.status).toBe(200);
    expect(page.body.executions.length).toBeGreaterThan(0);
    expect(new Set(page.body.executions.map((e) => e.status))).toEqual(new Set(["completed"]));
  });
});
