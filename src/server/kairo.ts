// The composition root shared by `main.ts` and the tests: opens the database, applies migrations and
// wires the providers, auth and HTTP app together.
import { readFileSync } from "node:fs";
import { type AppDeps, createApp } from "./app.ts";
import { createAuth, promoteConfiguredAdmins } from "./auth/auth.ts";
import { createRedisStorage } from "./auth/redis-storage.ts";
import { createSecretBox } from "./crypto/secret-box.ts";
import { type Database, openDatabase } from "./db/client.ts";
import type { Env } from "./env.ts";
import { memoryCounterStore } from "./http/rate-limit.ts";
import { offsetClock } from "./http/test-clock.ts";
import { createJobQueue } from "./jobs/create-job-queue.ts";
import { accountPurgeJob } from "./jobs/definitions/account-purge.ts";
import type { Logger } from "./logger.ts";
import { calendarClientsFromEnv } from "./modules/calendar-integrations/integrations.ts";
import type { AiProvider } from "./providers/ai/ai-provider.ts";
import { createBuiltinAi } from "./providers/ai/builtin.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./providers/mail/mailer.ts";
import { createLocalPayments } from "./providers/payments/local.ts";
import type { PaymentProvider } from "./providers/payments/payment-provider.ts";
import { createStripePayments, stripeOptionsFromEnv } from "./providers/payments/stripe.ts";
import { createEventHub } from "./realtime/events.ts";
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
};

export async function createKairo(o: KairoOptions) {
  const { env, logger } = o;
  const database = o.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.KAIRO_DATA_DIR }));
  await database.migrate();
  const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mailer =
    o.mailer ??
    (env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, logger) : createOutboxMailer(logger));
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new Error(
      "BETTER_AUTH_SECRET must be set when several instances share DATABASE_URL in production.",
    );
  }
  const redis = env.REDIS_URL ? await createRedisStorage(env.REDIS_URL) : undefined;
  const secret = resolveSecret(env.BETTER_AUTH_SECRET, env.KAIRO_DATA_DIR);
  const clock = o.clock ?? (env.NODE_ENV === "test" ? offsetClock : () => new Date());
  const auth = createAuth({
    clock,
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
  const deps: AppDeps = {
    database,
    auth,
    mailer,
    logger,
    version: VERSION,
    nodeEnv: env.NODE_ENV,
    trustProxy: env.TRUST_PROXY,
    webRoot: o.webRoot,
    clock,
    ai: o.ai ?? createBuiltinAi(),
    events: createEventHub(),
    payments: o.payments ?? choosePayments(env, logger, () => createLocalPayments(database.db, baseURL)),
    publicUrl: baseURL,
    rateLimitStore: redis ?? memoryCounterStore(),
    rateLimitEnabled: !env.RATE_LIMIT_DISABLED,
    secretBox: createSecretBox(secret),
    jobs: createJobQueue({
      database,
      logger,
      clock,
      definitions: [accountPurgeJob({ db: database.db })],
    }),
    calendarOAuth: calendarClientsFromEnv(env),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    close: async () => {
      // The worker first: a job still running may need the database and Redis.
      await deps.jobs.stop();
      await redis?.close();
      await database.close();
    },
  };
}

export type Kairo = Awaited<ReturnType<typeof createKairo>>;

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local test checkout. */
function choosePayments(env: Env, logger: Logger, local: () => PaymentProvider): PaymentProvider {
  const stripe = stripeOptionsFromEnv(env, logger);
  return stripe ? createStripePayments(stripe) : local();
}
