// The composition root shared by `main.ts` and the tests: opens the database, applies migrations and
// wires the providers, auth and HTTP app together.

import { readFileSync } from "node:fs";
import { createApp } from "./app.ts";
import { createAuth, promoteConfiguredAdmins } from "./auth/auth.ts";
import { createRedisStorage } from "./auth/redis-storage.ts";
import { createSecretBox } from "./crypto/secret-box.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { leaseTimings } from "./db/lease.ts";
import type { AppDeps } from "./deps.ts";
import type { Env } from "./env.ts";
import { createDomainEvents } from "./events/domain-events.ts";
import { createOriginPolicy } from "./http/origin-policy.ts";
import { memoryCounterStore } from "./http/rate-limit.ts";
import { offsetClock } from "./http/test-clock.ts";
import { createJobQueue } from "./jobs/create-job-queue.ts";
import { accountPurgeJob } from "./jobs/definitions/account-purge.ts";
import { calendarAutoSyncJob } from "./jobs/definitions/calendar-auto-sync.ts";
import { mailDeliveryJob } from "./jobs/definitions/mail-delivery.ts";
import { retentionJob } from "./jobs/definitions/retention.ts";
import type { Logger } from "./logger.ts";
import { startTrial } from "./modules/billing/subscription.ts";
import { createPlanWriteBack } from "./modules/calendar-integrations/plan-write-back.ts";
import { calendarSyncDeps } from "./modules/calendar-integrations/sync-deps.ts";
import { createSyncTakeover } from "./modules/calendar-integrations/sync-takeover.ts";
import { createEntitlements } from "./modules/entitlements/entitlements.ts";
import { revokeEverything } from "./modules/platform/api-keys.ts";
import { backgroundWriter } from "./modules/platform/credential.ts";
import { createPushDelivery } from "./modules/push/delivery.ts";
import { fireDueReminders, reminderSweepJob } from "./modules/reminders/sweep.ts";
import { subscribeTeamActivity } from "./modules/team-activity/subscribe.ts";
import { createWebhookDelivery } from "./modules/webhooks/delivery.ts";
import { subscribeWebhookDelivery } from "./modules/webhooks/subscribe.ts";
import { checkWebhookUrl } from "./modules/webhooks/url-check.ts";
import { createWorkflowEngine } from "./modules/workflows/engine.ts";
import { seedWorkflowTemplates } from "./modules/workflows/workflows.ts";
import type { AiProvider } from "./providers/ai/ai-provider.ts";
import { createBuiltinAi } from "./providers/ai/builtin.ts";
import { createModelAi } from "./providers/ai/openai-compatible.ts";
import {
  type CalendarProviders,
  calendarProvidersFromEnv,
} from "./providers/calendars/create-calendar-providers.ts";
import { createMailOutbox } from "./providers/mail/mail-outbox.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./providers/mail/mailer.ts";
import { createAllowList } from "./providers/outbound/address-policy.ts";
import { createLocalPayments } from "./providers/payments/local.ts";
import type { PaymentProvider } from "./providers/payments/payment-provider.ts";
import { createStripePayments, stripeOptionsFromEnv } from "./providers/payments/stripe.ts";
import { createUnconfiguredPayments } from "./providers/payments/unconfigured.ts";
import { createEndpointPolicy } from "./providers/push/endpoint-policy.ts";
import { createWebPushSender } from "./providers/push/push-sender.ts";
import { loadVapidKeys } from "./providers/push/vapid-keys.ts";
import { resolveSecret } from "./secret.ts";

export const VERSION: string = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;

export type KairoOptions = {
  env: Env;
  logger: Logger;
  /** Use this database instead of opening one from env (tests). */
  database?: Database;
  mailer?: Mailer;
  webRoot?: string;
  clock?: () => Date;
  ai?: AiProvider;
  /** Use this payment provider instead of the one the environment selects (tests). */
  payments?: PaymentProvider;
  /** Use these calendar adapters instead of the ones the environment configures (tests). */
  calendars?: CalendarProviders;
};

export async function createKairo(o: KairoOptions) {
  const { env, logger } = o;
  const database =
    o.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.KAIRO_DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
    }));
  await database.migrate();
  const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mailer =
    o.mailer ??
    (env.SMTP_URL
      ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, logger)
      : createOutboxMailer(logger, undefined, env.MAIL_FROM));
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new Error(
      "BETTER_AUTH_SECRET must be set when several instances share DATABASE_URL in production.",
    );
  }
  const redis = env.REDIS_URL ? await createRedisStorage(env.REDIS_URL) : undefined;
  const secret = resolveSecret(env.BETTER_AUTH_SECRET, env.KAIRO_DATA_DIR);
  const clock = o.clock ?? (env.NODE_ENV === "test" ? offsetClock : () => new Date());
  // One origin rule for HTTP, Better Auth and the socket (src/server/http/origin-policy.ts).
  const originPolicy = createOriginPolicy({
    publicUrl: env.PUBLIC_URL,
    trustedOrigins: env.TRUSTED_ORIGINS,
    trustProxy: env.TRUST_PROXY,
  });
  const events = createDomainEvents({ logger });
  const auth = createAuth({
    originPolicy,
    // Its sockets end with it (realtime/session-sockets.ts).
    onSessionEnded: async (personId) => events.emit({ type: "session.ended", personId }),
    clock,
    onUserCreated: (userId) => startTrial(database.db, userId, clock()),
    // A new password ends every app's access and every API key (issue 26).
    onPasswordChanged: (userId) => revokeEverything(database.db, clock(), userId),
    secondaryStorage: redis,
    db: database.db,
    mailer,
    logger,
    baseURL,
    secret,
    adminEmails: env.KAIRO_ADMIN_EMAILS,
    superAdminEmails: env.KAIRO_SUPER_ADMIN_EMAILS,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    sessionRenewAfterSeconds: env.SESSION_RENEW_AFTER_SECONDS,
    rateLimitEnabled: !env.RATE_LIMIT_DISABLED,
  });
  if (mailer.kind === "outbox" && env.NODE_ENV !== "production") {
    logger.warn(
      "mail goes to the development outbox, readable by anyone at GET /api/dev/mail: set SMTP_URL and NODE_ENV=production before letting others in",
    );
  }
  const promoted = await promoteConfiguredAdmins(
    database.db,
    env.KAIRO_ADMIN_EMAILS,
    env.KAIRO_SUPER_ADMIN_EMAILS,
  );
  if (promoted) logger.info({ promoted }, "configured administrators promoted");
  const secretBox = createSecretBox(secret);
  const calendars = o.calendars ?? calendarProvidersFromEnv(env);
  // The rate limits' counters: Redis across instances, else this process's memory.
  const rateLimitStore = redis ?? memoryCounterStore();
  const rateLimitEnabled = !env.RATE_LIMIT_DISABLED;
  subscribeTeamActivity({
    db: database.db,
    events,
    clock,
    logger,
    limits: { store: rateLimitStore, enabled: rateLimitEnabled },
  });
  // Mail sent by runs and jobs goes through the outbox: written with what sends it, delivered after.
  const mailOutbox = createMailOutbox({ db: database.db, mailer, logger });
  const lease = leaseTimings(env.JOB_LEASE_SECONDS);
  const calendarSync = calendarSyncDeps({
    events,
    database,
    secretBox,
    calendars,
    logger,
    clock,
    publicUrl: baseURL,
    mailer: mailOutbox.mailer,
  });
  const entitlements = createEntitlements({ db: database.db, clock });
  const workflows = createWorkflowEngine({
    db: database.db,
    events,
    entitlements,
    mail: mailOutbox,
    clock,
    logger,
    lease,
  });
  await seedWorkflowTemplates(database.db);
  // Web Push: the key pair every instance shares (decision 172), and the endpoints it may reach.
  const pushEndpoints = createEndpointPolicy(env.PUSH_ENDPOINT_ALLOWLIST);
  const push = createPushDelivery({
    db: database.db,
    sender: createWebPushSender({
      vapid: await loadVapidKeys({ db: database.db, secretBox, logger }),
      subject: env.VAPID_SUBJECT ?? mailtoOf(env.MAIL_FROM),
      policy: pushEndpoints,
      allowlist: env.PUSH_ENDPOINT_ALLOWLIST,
      extraCa: env.PUSH_EXTRA_CA_FILE ? readFileSync(env.PUSH_EXTRA_CA_FILE, "utf8") : undefined,
    }),
    logger,
    clock,
    retryBaseSeconds: env.PUSH_RETRY_BASE_SECONDS,
  });
  // Webhooks: queued with the changes they announce, sent from any instance (decision 200).
  const webhookAllow = createAllowList(env.WEBHOOK_ALLOWED_HOSTS);
  const webhookDelivery = createWebhookDelivery({
    db: database.db,
    clock,
    logger,
    secretBox,
    mail: mailOutbox,
    entitlements,
    allow: webhookAllow,
    publicUrl: baseURL,
    everySeconds: 5,
  });
  subscribeWebhookDelivery(events, webhookDelivery);
  // Plan write-back: accepted blocks written to the chosen calendar (decision 186).
  const planWriteBack = createPlanWriteBack(calendarSync);
  // Reminders: swept by every instance, each claimed once (decision 246).
  const reminderSweep = { db: database.db, events, mail: mailOutbox, push, gate: entitlements, logger };
  const deps: AppDeps = {
    database,
    auth,
    mailer,
    mailOutbox,
    logger,
    version: VERSION,
    nodeEnv: env.NODE_ENV,
    trustProxy: env.TRUST_PROXY,
    webRoot: o.webRoot,
    clock,
    ai: o.ai ?? chooseAi(env, logger),
    events,
    originPolicy,
    payments: o.payments ?? choosePayments(env, logger, () => createLocalPayments(database.db, baseURL)),
    publicUrl: baseURL,
    rateLimitStore,
    rateLimitEnabled,
    secretBox,
    jobs: createJobQueue({
      database,
      logger,
      clock,
      leaseSeconds: env.JOB_LEASE_SECONDS,
      definitions: [
        accountPurgeJob({ db: database.db }),
        calendarAutoSyncJob(calendarSync),
        mailDeliveryJob({ outbox: mailOutbox, everySeconds: lease.ttlMs / 2000 }),
        retentionJob({ db: database.db }),
        ...workflows.jobs,
        push.job,
        webhookDelivery.job,
        planWriteBack.job,
        reminderSweepJob({ ...reminderSweep, everySeconds: env.REMINDER_SWEEP_SECONDS }),
      ],
    }),
    workflows,
    calendars,
    entitlements,
    push,
    pushEndpoints,
    webhooks: { delivery: webhookDelivery, checkUrl: (url) => checkWebhookUrl(url, webhookAllow) },
    apiWriter: backgroundWriter(database.db, logger),
  };
  workflows.attach(deps.jobs);
  planWriteBack.attach(deps.jobs);
  planWriteBack.subscribe(events);
  push.attach(deps.jobs);
  const app = createApp(deps);
  const calendarTakeover = createSyncTakeover(calendarSync);
  return {
    app,
    deps,
    /** Takes over calendar syncs whose instance died (tests call its `sweep` themselves). */
    calendarTakeover,
    /** One pass of the due-reminder sweep at `now` (tests move the clock; the job runs it on a timer). */
    sweepReminders: (now: Date = clock()) => fireDueReminders(reminderSweep, now),
    /** Starts the background work: the job queue's worker and schedules, and the sync takeover. */
    start: async () => {
      await deps.jobs.start();
      calendarTakeover.start();
    },
    close: async () => {
      // The workers first: a job or sync still running may need the database and Redis.
      await calendarTakeover.stop();
      await deps.jobs.stop();
      await deps.apiWriter?.drain();
      await redis?.close();
      await database.close();
    },
  };
}

export type Kairo = Awaited<ReturnType<typeof createKairo>>;

/** The VAPID contact by default: the sender address of Kairo's mail ("Kairo <no-reply@x>" → mailto:no-reply@x). */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** The OpenAI-compatible model when AI_MODEL is set (falling back to built-in answers), else built-in. */
function chooseAi(env: Env, logger: Logger): AiProvider {
  const builtin = createBuiltinAi();
  if (!env.AI_MODEL) return builtin;
  logger.info(
    { baseUrl: env.AI_BASE_URL, model: env.AI_MODEL },
    "AI answers come from an OpenAI-compatible model",
  );
  return createModelAi(
    { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS },
    builtin,
    logger,
  );
}

/**
 * Stripe when STRIPE_SECRET_KEY is set. Otherwise the built-in test checkout, which grants paid plans
 * for a click: outside production by default, in production only with PAYMENTS=test (and a warning
 * at every start); a production server with neither has billing off (docs/decisions/017).
 */
export function choosePayments(env: Env, logger: Logger, local: () => PaymentProvider): PaymentProvider {
  const stripe = stripeOptionsFromEnv(env, logger);
  if (stripe) return createStripePayments(stripe);
  const mode = env.PAYMENTS ?? (env.NODE_ENV === "production" ? "none" : "test");
  if (mode === "none") {
    if (env.NODE_ENV === "production") {
      logger.warn(
        "billing is not configured: set the STRIPE_* settings to take payments (or PAYMENTS=test for the test checkout, which charges nothing)",
      );
    }
    return createUnconfiguredPayments();
  }
  if (env.NODE_ENV === "production") {
    logger.warn(
      "PAYMENTS=test in production: the built-in test checkout grants paid plans without any charge",
    );
  }
  return local();
}
