// The composition root shared by `main.ts` and the tests: opens the database, applies migrations and
// wires the providers, auth and HTTP app together.
import { readFileSync } from "node:fs";
import { type AppDeps, createApp } from "./app.ts";
import { createAuth, promoteConfiguredAdmins } from "./auth/auth.ts";
import { createRedisStorage } from "./auth/redis-storage.ts";
import { type Database, openDatabase } from "./db/client.ts";
import type { Env } from "./env.ts";
import { offsetClock } from "./http/test-clock.ts";
import type { Logger } from "./logger.ts";
import type { AiProvider } from "./providers/ai/ai-provider.ts";
import { createBuiltinAi } from "./providers/ai/builtin.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./providers/mail/mailer.ts";
import { createLocalPayments } from "./providers/payments/local.ts";
import type { PaymentProvider } from "./providers/payments/payment-provider.ts";
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
  const auth = createAuth({
    secondaryStorage: redis,
    db: database.db,
    mailer,
    logger,
    baseURL,
    secret: resolveSecret(env.BETTER_AUTH_SECRET, env.KAIRO_DATA_DIR),
    adminEmails: env.KAIRO_ADMIN_EMAILS,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    sessionRenewAfterSeconds: env.SESSION_RENEW_AFTER_SECONDS,
    rateLimitEnabled: !env.RATE_LIMIT_DISABLED,
  });
  if (mailer.kind === "outbox" && env.NODE_ENV !== "production") {
    logger.warn(
      "mail goes to the development outbox, readable by anyone at GET /api/dev/mail: set SMTP_URL and NODE_ENV=production before letting others in",
    );
  }
  const promoted = await promoteConfiguredAdmins(database.db, env.KAIRO_ADMIN_EMAILS);
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
    clock: o.clock ?? (env.NODE_ENV === "test" ? offsetClock : () => new Date()),
    ai: o.ai ?? createBuiltinAi(),
    events: createEventHub(),
    payments: o.payments ?? createLocalPayments(database.db, baseURL),
    publicUrl: baseURL,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    close: async () => {
      await redis?.close();
      await database.close();
    },
  };
}

export type Kairo = Awaited<ReturnType<typeof createKairo>>;
