// The mail outbox's delivery against a real SMTP relay (smtp-server): a workflow run's email leaves
// after the run commits; a relay that answers "421 try again later" leaves the mail pending with
// its backoff and error recorded, the run untouched; the next pass past the backoff delivers it
// once, under the Message-ID its idempotency key gives; a mail refused on its last attempt is given
// up. The backoff "passes" by moving the mail's next attempt to now, as the clock would.
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema/background.ts";
import { MAIL_DELIVERY_JOB } from "#server/jobs/definitions/mail-delivery.ts";
import { MAX_MAIL_ATTEMPTS } from "#server/providers/mail/mail-outbox.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { WorkflowDto, WorkflowExecutionDto } from "#shared/contracts/workflows.ts";
import { userData } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

type Received = { to: string; subject: string; messageId: string; raw: string };
const received: Received[] = [];
/** How many of the next messages the relay refuses with a 421. */
let refuseNext = 0;
let relay: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, cb) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        if (refuseNext > 0) {
          refuseNext--;
          return cb(Object.assign(new Error("Try again later"), { responseCode: 421 }));
        }
        received.push({
          to: session.envelope.rcptTo[0]?.address ?? "",
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "",
          messageId: raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1] ?? "",
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.server.address() as AddressInfo).port;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMIT_DISABLED: "true" });
  await server.kairo.deps.jobs.start();
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

const db = () => server.kairo.deps.database.db;
const deliver = () => server.kairo.deps.jobs.run(MAIL_DELIVERY_JOB);
const rowsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
const backoffPasses = (id: string) =>
  db().execute(sql`update mail_outbox set next_attempt_at = clock_timestamp() where id = ${id}`);

/** The workflow mail the relay took for `email`, as subject and Message-ID. */
const workflowMailTo = (email: string) =>
  received
    .filter((m) => m.to === email && m.subject.startsWith("Done: "))
    .map(({ to, subject, messageId }) => ({ to, subject, messageId }));

/** Signs up and follows the verification link, which arrives through the relay like all mail here. */
async function verifiedPerson() {
  const data = userData();
  const client = new TestClient(server.baseUrl);
  const res = await client.post("/api/auth/sign-up/email", { ...data, callbackURL: "/auth/callback" });
  expect(res.status).toBe(200);
  const mail = await waitFor(
    async () => received.find((m) => m.to === data.email && /verify/i.test(m.subject)),
    Boolean,
    { what: "the verification email" },
  );
  const link = new URL(
    mail!.raw
      .replace(/=\r\n/g, "")
      .match(/https?:\/\/\S+verify-email\S+/)![0]!
      .replace(/=3D/g, "="),
  );
  expect((await client.get(link.pathname + link.search)).status).toBeLessThan(400);
  return { client, email: data.email };
}

/** A person whose "task completed" workflow emails them, and one completed task of theirs. */
async function runThatMails(title: string, { refused }: { refused: number }) {
  const p = await verifiedPerson();
  const wf = await p.client.post<WorkflowDto>("/api/workflows", {
    name: "Mail me",
    triggerType: "task_status",
    triggerConfig: { toStatus: "completed" },
    actions: [{ type: "send_notification", config: { title: "Done: {{task.title}}", email: true } }],
  });
  expect(wf.status).toBe(201);
  const t = await p.client.post<TaskDto>("/api/tasks", { title });
  refuseNext = refused;
  await p.client.patch(`/api/tasks/${t.body.id}`, { status: "completed" });
  const runs = await waitFor(
    async () =>
      (await p.client.get<{ executions: WorkflowExecutionDto[] }>("/api/workflow-executions")).body
        .executions,
    (l) => l[0]?.status === "completed",
    { what: "the run" },
  );
  return { person: p, run: runs[0]! };
}

describe("the mail outbox's delivery", () => {
  it("retries a mail the relay refused, after its backoff, and delivers it once under its Message-ID", async () => {
    const { person, run } = await runThatMails("Report", { refused: 1 });
    const [refused] = await waitFor(
      () => rowsTo(person.email),
      (rows) => rows[0]?.attempts === 1 && rows[0].lastError !== null,
      { what: "the refused attempt" },
    );
    expect(refused).toMatchObject({
      status: "pending",
      idempotencyKey: `workflow-run:${run.id}:mail:0`,
      lastError: expect.stringMatching(/421|Try again later/),
    });
    // The backoff (30 s after a first failure) is written down; nothing was delivered.
    expect(refused!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(workflowMailTo(person.email)).toEqual([]);
    // A pass before the backoff is over sends nothing.
    await deliver();
    expect(workflowMailTo(person.email)).toEqual([]);

    await backoffPasses(refused!.id);
    await deliver();
    await deliver();
    expect(workflowMailTo(person.email)).toEqual([
      { to: person.email, subject: "Done: Report", messageId: `<workflow-run.${run.id}.mail.0@kairo.local>` },
    ]);
    expect((await rowsTo(person.email))[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives a mail up when its last attempt is refused", async () => {
    const { person } = await runThatMails("Doomed", { refused: 1 });
    const [row] = await waitFor(
      () => rowsTo(person.email),
      (rows) => rows[0]?.attempts === 1 && rows[0].lastError !== null,
      { what: "the first attempt, refused" },
    );
    await db()
      .update(mailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, row!.id));
    refuseNext = 1;
    await backoffPasses(row!.id);
    await deliver();
    expect((await rowsTo(person.email))[0]).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
    await backoffPasses(row!.id);
    await deliver();
    expect(workflowMailTo(person.email)).toEqual([]);
  });
});
