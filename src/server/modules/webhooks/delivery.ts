// Delivers queued webhook messages (docs/decisions/200-webhooks.md). A pass claims due messages with
// `FOR UPDATE SKIP LOCKED` and moves their next attempt past the attempt's bound, so across every
// instance exactly one attempt of a message is under way at a time; an instance that dies mid-send
// leaves the message to be taken again once that claim lapses (at least once). Each attempt's result
// is written only if the claim is still this attempt's (the attempt counter fences it).
//
// Each attempt is signed as Standard Webhooks says (the `standardwebhooks` library, over
// `id.timestamp.body`), sent through the safe sender (no private addresses, no redirects, 10 s, a
// bounded answer), and logged. A 2xx delivers; anything else is retried after 10 s, tripling each
// time up to 6 h, for 24 hours from the event (or from the person's Redeliver). An endpoint that has
// failed every attempt for 24 hours is disabled, its waiting messages marked failed, and its owner
// told by email through the mail outbox, in one transaction.
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import { webhookMessageId } from "#shared/contracts/webhooks.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";
import type { Clock } from "../../db/transaction.ts";
import { defineJob, type JobDefinition } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import type { MailOutbox } from "../../providers/mail/mail-outbox.ts";
import { webhookDisabledEmail } from "../../providers/mail/templates.ts";
import type { AllowList } from "../../providers/outbound/address-policy.ts";
import { type SafePostResult, safePost } from "../../providers/outbound/safe-request.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { openSecret } from "./secrets.ts";

export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";
/** The longest an attempt may take (the safe sender's bound), and the claim that covers it. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const CLAIM_SECONDS = 60;
const BATCH = 10;
/** Retries stop this long after the event (or a Redeliver); an endpoint failing this long is disabled. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** Answer bytes read, and characters kept in the log. */
const MAX_ANSWER_BYTES = 64 * 1024;
const EXCERPT_CHARS = 500;

/** Seconds before the attempt after failed attempt n (1-based): 10 s × 3^(n−1), at most 6 hours. */
export function webhookRetryDelaySeconds(attempt: number): number {
  return Math.min(6 * 3600, 10 * 3 ** (attempt - 1));
}

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

export type WebhookDelivery = {
  readonly job: JobDefinition;
  /** Delivers what is due now; resolves to how many attempts were made. */
  deliverDue(): Promise<number>;
  /** After a commit that queued messages: a pass in this instance, in the background. */
  kick(): void;
  /** Resolves when the passes started so far have ended (tests, shutdown). */
  idle(): Promise<void>;
};

export type WebhookDeliveryDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  secretBox: SecretBox;
  mail: MailOutbox;
  entitlements: Pick<Entitlements, "forPerson">;
  allow: AllowList;
  /** Where the email's link points (Settings → Webhooks). */
  publicUrl: string;
  everySeconds: number;
};

export function createWebhookDelivery(deps: WebhookDeliveryDeps): WebhookDelivery {
  const { db } = deps;
  const log = deps.logger.child({ component: "webhooks" });
  let chain: Promise<unknown> = Promise.resolve();
  // A pass already waiting to start will see what a later kick would: one is enough.
  let waiting = false;

  async function claim(now: Date) {
    return rowsOf(
      await db.execute(sql`
        update webhook_deliveries
           set attempts = attempts + 1,
               next_attempt_at = ${now.toISOString()}::timestamptz + ${CLAIM_SECONDS}::int * interval '1 second'
         where id in (select d.id from webhook_deliveries d
                        join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
                       where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
                       order by d.next_attempt_at
                       limit ${BATCH}
                         for update of d skip locked)
        returning id, endpoint_id, user_id, payload, attempts, retry_since`),
    );
  }

  async function attempt(row: Record<string, unknown>) {
    const id = String(row.id);
    const endpointId = String(row.endpoint_id);
    const userId = String(row.user_id);
    const attemptNo = Number(row.attempts);
    const payload = String(row.payload);
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) return;
    const started = deps.clock();
    const startedAt = performance.now();
    let result: SafePostResult;
    const plan = await deps.entitlements.forPerson(userId);
    if (!plan.can("api_access")) {
      result = { kind: "refused", reason: "Webhooks are part of the Team plan." };
    } else {
      const messageId = webhookMessageId(id);
      const secret = openSecret(deps.secretBox, endpoint.id, endpoint.secretSealed);
      const signature = new Webhook(secret).sign(messageId, started, payload);
      result = await safePost({
        url: endpoint.url,
        body: payload,
        allow: deps.allow,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        headers: {
          "content-type": "application/json",
          "user-agent": "Kairo-Webhooks/1",
          "webhook-id": messageId,
          "webhook-timestamp": String(Math.floor(started.getTime() / 1000)),
          "webhook-signature": signature,
        },
      });
    }
    const durationMs = Math.round(performance.now() - startedAt);
    await record({
      id,
      endpointId,
      userId,
      attemptNo,
      retrySince: row.retry_since,
      started,
      durationMs,
      result,
    });
  }

  async function record(a: {
    id: string;
    endpointId: string;
    userId: string;
    attemptNo: number;
    retrySince: unknown;
    started: Date;
    durationMs: number;
    result: SafePostResult;
  }) {
    const { result } = a;
    const now = deps.clock();
    const status = result.kind === "answered" ? result.status : null;
    const ok = status !== null && status >= 200 && status < 300;
    const error =
      result.kind === "answered"
        ? ok
          ? null
          : status! >= 300 && status! < 400
            ? `Redirect to ${result.location ?? "another address"} not followed.`
            : `The endpoint answered ${status}.`
        : result.reason;
    const outcome = { disabled: false };
    await db.transaction(async (tx) => {
      // Fence: the claim is still this attempt's (nobody took the message over after a lapse).
      const [mine] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.id, a.id),
            eq(webhookDeliveries.attempts, a.attemptNo),
            eq(webhookDeliveries.status, "pending"),
          ),
        )
        .for("update");
      if (!mine) return;
      await tx.insert(webhookAttempts).values({
        deliveryId: a.id,
        attempt: a.attemptNo,
        at: a.started,
        statusCode: status,
        durationMs: a.durationMs,
        responseExcerpt: result.kind === "answered" ? result.body.slice(0, EXCERPT_CHARS) : "",
        error,
      });
      if (ok) {
        await tx
          .update(webhookDeliveries)
          .set({ status: "delivered", deliveredAt: now, lastStatusCode: status, lastAttemptAt: a.started })
          .where(eq(webhookDeliveries.id, a.id));
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null, consecutiveFailures: 0 })
          .where(eq(webhookEndpoints.id, a.endpointId));
        return;
      }
      const retrySince = new Date(String(a.retrySince));
      const wait = webhookRetryDelaySeconds(a.attemptNo) * 1000;
      const giveUp = now.getTime() + wait - retrySince.getTime() > RETRY_WINDOW_MS;
      await tx
        .update(webhookDeliveries)
        .set({
          status: giveUp ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + wait),
          lastStatusCode: status,
          lastAttemptAt: a.started,
        })
        .where(eq(webhookDeliveries.id, a.id));
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${a.started.toISOString()}::timestamptz)`,
          consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
        })
        .where(eq(webhookEndpoints.id, a.endpointId))
        .returning();
      if (
        endpoint?.enabled &&
        endpoint.failingSince &&
        now.getTime() - endpoint.failingSince.getTime() >= RETRY_WINDOW_MS
      ) {
        const reason = `Every delivery failed for 24 hours (${endpoint.consecutiveFailures} attempts in a row); the last: ${error}`;
        await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledAt: now, disabledReason: reason.slice(0, 500), updatedAt: now })
          .where(eq(webhookEndpoints.id, endpoint.id));
        await tx
          .update(webhookDeliveries)
          .set({ status: "failed" })
          .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
        const [owner] = await tx
          .select({ email: user.email, name: user.name })
          .from(user)
          .where(eq(user.id, a.userId));
        if (owner) {
          await deps.mail.enqueue(tx, {
            ...webhookDisabledEmail(owner.email, owner.name, endpoint.url, `${deps.publicUrl}/settings`),
            idempotencyKey: `webhook-disabled:${endpoint.id}:${now.toISOString()}`,
            userId: a.userId,
          });
          outcome.disabled = true;
        }
      }
    });
    if (outcome.disabled) {
      log.warn({ endpointId: a.endpointId }, "webhook endpoint disabled after failing for 24 hours");
      await deps.mail.kick();
    } else if (!ok) {
      log.info(
        { endpointId: a.endpointId, deliveryId: a.id, attempt: a.attemptNo, error },
        "webhook not delivered",
      );
    }
  }

  async function deliverDue(): Promise<number> {
    let made = 0;
    for (;;) {
      const rows = await claim(deps.clock());
      // Side by side within a batch: one slow endpoint does not hold the others back for 10 s each.
      await Promise.all(
        rows.map((row) =>
          attempt(row).catch((err) => log.error({ err, deliveryId: row.id }, "webhook attempt failed")),
        ),
      );
      made += rows.length;
      if (rows.length < BATCH) return made;
    }
  }

  return {
    job: defineJob({
      name: WEBHOOK_DELIVERY_JOB,
      payload: z.object({}).strict(),
      everyInstanceSeconds: deps.everySeconds,
      async handler() {
        await deliverDue();
      },
    }),
    deliverDue,
    kick() {
      if (waiting) return;
      waiting = true;
      chain = chain
        .then(() => {
          waiting = false;
          return deliverDue();
        })
        .catch((err) => log.error({ err }, "webhook delivery pass failed; the next one tries again"));
    },
    idle: async () => {
      let seen: Promise<unknown> | undefined;
      while (seen !== chain) {
        seen = chain;
        await chain;
      }
    },
  };
}
