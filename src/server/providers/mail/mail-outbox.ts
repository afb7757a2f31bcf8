// The mail outbox (docs/decisions/131-mail-outbox.md): mail that a workflow run or a job sends is
// written to `mail_outbox` in the transaction that decides to send it, and delivered after the
// commit. A run whose transaction fails leaves no mail behind, and its retry queues the mail under
// the same idempotency key, so a retry never sends a second copy. Delivery claims due rows for a
// bounded time (a crash mid-send frees them for another instance), retries failures with backoff,
// and gives each mail a Message-ID derived from its key.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/background.ts";
import type { Tx } from "../../db/transaction.ts";
import type { Logger } from "../../logger.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** A delivery claims a mail for this long; a send is bounded well within it (mailer.ts). */
const CLAIM_SECONDS = 120;
/** Mail taken per delivery pass. */
const BATCH = 20;
/** After this many failed sends, a mail is given up (and logged). */
export const MAX_MAIL_ATTEMPTS = 8;

/** Seconds before the next try after failed send n (1-based): 30 s doubling, at most an hour. */
export function mailRetryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** (attempt - 1));
}

export type QueuedMail = MailMessage & {
  /** Unique per mail across retries of what sends it, e.g. "workflow-run:<id>:mail:0". */
  idempotencyKey: string;
  /** The person it is about: their pending mail goes if their account does. */
  userId?: string | null;
};

export type MailOutbox = {
  /** Inside the sender's transaction: the mail leaves only if it commits, and once per key. */
  enqueue(tx: Tx, mail: QueuedMail): Promise<void>;
  /** `enqueue` for many in one statement (the reminder sweep's batches). */
  enqueueAll(tx: Tx, mails: QueuedMail[]): Promise<void>;
  /** After the commit: delivers what is due now, in this instance (never throws). */
  kick(): Promise<void>;
  /** Delivers due mail (the timer of every instance, and kick): how many were sent. */
  deliverDue(): Promise<number>;
  /**
   * A Mailer for code outside a transaction: each message is queued, then delivered at once; a
   * failed send is left to the retries instead of failing the caller.
   */
  readonly mailer: Mailer;
};

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

export function createMailOutbox(deps: { db: Db; mailer: Mailer; logger: Logger }): MailOutbox {
  const { db } = deps;
  const log = deps.logger.child({ component: "mail-outbox" });
  let chain: Promise<unknown> = Promise.resolve();

  async function enqueueAll(tx: Tx | Db, mails: QueuedMail[]) {
    if (mails.length === 0) return;
    await tx
      .insert(mailOutbox)
      .values(
        mails.map((mail) => ({
          idempotencyKey: mail.idempotencyKey,
          userId: mail.userId ?? null,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })),
      )
      .onConflictDoNothing();
  }
  const enqueue = (tx: Tx | Db, mail: QueuedMail) => enqueueAll(tx, [mail]);

  /** Claims due pending mail (all of it, or the one with `key`) for CLAIM_SECONDS. */
  async function claim(key?: string) {
    return rowsOf(
      await db.execute(sql`
        update mail_outbox
           set attempts = attempts + 1,
               next_attempt_at = clock_timestamp() + ${CLAIM_SECONDS}::int * interval '1 second'
         where id in (select id from mail_outbox
                       where status = 'pending' and next_attempt_at <= clock_timestamp()
                         ${key ? sql`and idempotency_key = ${key}` : sql``}
                       order by next_attempt_at
                       limit ${BATCH}
                         for update skip locked)
        returning id, idempotency_key, to_address, subject, text_body, html_body, attempts`),
    );
  }

  async function deliver(row: Record<string, unknown>): Promise<boolean> {
    const id = String(row.id);
    const attempts = Number(row.attempts);
    try {
      await deps.mailer.send({
        to: String(row.to_address),
        subject: String(row.subject),
        text: String(row.text_body),
        html: String(row.html_body),
        idempotencyKey: String(row.idempotency_key),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = attempts >= MAX_MAIL_ATTEMPTS;
      await db.execute(sql`
        update mail_outbox
           set last_error = ${message.slice(0, 500)},
               status = ${last ? "failed" : "pending"},
               next_attempt_at = clock_timestamp() + ${mailRetryDelaySeconds(attempts)}::int * interval '1 second'
         where id = ${id} and status = 'pending'`);
      if (last) log.error({ err, mailId: id, attempts }, "mail given up after its last attempt");
      else log.warn({ err, mailId: id, attempts }, "mail not sent; it will be tried again");
      return false;
    }
    await db.execute(sql`
      update mail_outbox set status = 'sent', sent_at = clock_timestamp(), last_error = null
       where id = ${id} and status = 'pending'`);
    return true;
  }

  async function deliverDue(key?: string): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claim(key);
      for (const row of rows) if (await deliver(row)) sent++;
      if (rows.length < BATCH) return sent;
    }
  }

  function kick(): Promise<void> {
    const next = chain
      .then(() => deliverDue())
      .then(
        () => undefined,
        (err) => log.error({ err }, "mail delivery failed; the next pass tries again"),
      );
    chain = next;
    return next;
  }

  return {
    enqueue,
    enqueueAll,
    kick,
    deliverDue: () => deliverDue(),
    mailer: {
      kind: deps.mailer.kind,
      async send(message) {
        const idempotencyKey = message.idempotencyKey ?? `mail:${randomUUID()}`;
        await enqueue(db, { ...message, idempotencyKey });
        await deliverDue(idempotencyKey).catch((err) =>
          log.error({ err }, "mail delivery failed; the next pass tries again"),
        );
      },
    },
  };
}
