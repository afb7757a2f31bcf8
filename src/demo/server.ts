// The composition root of the static demo build: what kairo.ts does on a server, done in the page.
// PGlite (PostgreSQL in WebAssembly) keeps the database in IndexedDB; the migrations are the server's,
// bundled at build time; the providers are the server's own where they need no network (built-in AI,
// the in-process job runner, the outbox mailer) and stubs where they would (sign-in, payments,
// calendars, encryption of calendar tokens). No request leaves the page.

import migrations from "virtual:kairo-migrations";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { z } from "zod";
import type { Auth } from "#server/auth/auth.ts";
import type { SecretBox } from "#server/crypto/secret-box.ts";
import type { Database, Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import type { AppDeps } from "#server/deps.ts";
import { createDomainEvents } from "#server/events/domain-events.ts";
import type { OriginPolicy } from "#server/http/origin-policy.ts";
import { memoryCounterStore } from "#server/http/rate-limit.ts";
import { mailDeliveryJob } from "#server/jobs/definitions/mail-delivery.ts";
import { createInProcessQueue } from "#server/jobs/in-process.ts";
import type { Logger } from "#server/logger.ts";
import { createEntitlements } from "#server/modules/entitlements/entitlements.ts";
import { subscribeTeamActivity } from "#server/modules/team-activity/subscribe.ts";
import { createWorkflowEngine } from "#server/modules/workflows/engine.ts";
import { seedWorkflowTemplates } from "#server/modules/workflows/workflows.ts";
import { createBuiltinAi } from "#server/providers/ai/builtin.ts";
import { createMailOutbox } from "#server/providers/mail/mail-outbox.ts";
import { createOutboxMailer } from "#server/providers/mail/mailer.ts";
import { createUnconfiguredPayments } from "#server/providers/payments/unconfigured.ts";
import { DEMO_PERSON } from "#shared/domain/demo-mode.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { createDemoApp } from "./app.ts";
import { seedDemoData } from "./seed.ts";

/** The IndexedDB database PGlite keeps its files in (PGlite names it "/pglite/" + this). */
export const DEMO_DB_NAME = "kairo-browser-demo";
const IDB_NAME = `/pglite/${DEMO_DB_NAME}`;

const NOT_IN_DEMO = "Not available in the demo: no backend is configured.";
const unavailable = () => {
  throw new Error(NOT_IN_DEMO);
};

/** The server's logger interface over the browser console: warnings and errors only. */
function consoleLogger(): Logger {
  const quiet = () => {};
  const logger = {
    level: "warn",
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    warn: (obj: unknown, msg?: string) => console.warn("[kairo demo]", msg ?? obj, msg ? obj : ""),
    error: (obj: unknown, msg?: string) => console.error("[kairo demo]", msg ?? obj, msg ? obj : ""),
    fatal: (obj: unknown, msg?: string) => console.error("[kairo demo]", msg ?? obj, msg ? obj : ""),
    child: () => logger,
  };
  return logger as unknown as Logger;
}

async function openDemoDatabase(): Promise<Database> {
  const client = new PGlite(`idb://${DEMO_DB_NAME}`);
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  // drizzle's own migrator reads the folder from disk; the same files are bundled instead.
  const dialect = (db as unknown as { dialect: { migrate: (...a: unknown[]) => Promise<void> } }).dialect;
  const session = (db as unknown as { session: unknown }).session;
  return {
    db,
    kind: "pglite",
    migrate: () => dialect.migrate(migrations, session, { migrationsFolder: "" }),
    ping: async () => {
      await client.query("select 1");
      return true;
    },
    close: () => client.close(),
  };
}

/** Deletes the demo's browser database (after closing it, when it is open). */
export async function deleteDemoData(database?: Database): Promise<void> {
  await database?.close().catch(() => {});
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(IDB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => resolve();
  });
}

export async function startDemoServer() {
  const logger = consoleLogger();
  const database = await openDemoDatabase();
  await database.migrate();
  const clock = () => new Date();
  await seedWorkflowTemplates(database.db);
  await seedDemoData(database.db, DEMO_PERSON, clock());
  const events = createDomainEvents({ logger });
  // One person in one browser: the per-person budgets are off, as the rate limits are.
  const limits = { store: memoryCounterStore(), enabled: false };
  subscribeTeamActivity({ db: database.db, events, clock, logger, limits });
  const mailer = createOutboxMailer(logger);
  const entitlements = createEntitlements({ db: database.db, clock });
  const mail = createMailOutbox({ db: database.db, mailer, logger });
  const workflows = createWorkflowEngine({ db: database.db, events, entitlements, mail, clock, logger });
  const auth = new Proxy({}, { get: () => unavailable }) as unknown as Auth;
  const secretBox: SecretBox = { seal: unavailable, open: unavailable };
  const originPolicy: OriginPolicy = {
    trustedFor: () => [location.origin],
    allows: (value) => value === location.origin,
    judge: () => "allow",
  };
  const deps: AppDeps = {
    database,
    auth,
    mailer,
    mailOutbox: mail,
    logger,
    version: "demo",
    nodeEnv: "production",
    trustProxy: false,
    clock,
    ai: createBuiltinAi(),
    events,
    originPolicy,
    payments: createUnconfiguredPayments(),
    publicUrl: location.origin,
    rateLimitStore: limits.store,
    rateLimitEnabled: limits.enabled,
    secretBox,
    jobs: createInProcessQueue({
      definitions: [...workflows.jobs, mailDeliveryJob({ outbox: mail, everySeconds: 10 })],
      logger,
      clock,
    }),
    workflows,
    calendars: {},
    entitlements,
    // No push service is reachable from the demo: nothing to subscribe to, nothing sent.
    push: {
      publicKey: "",
      job: { name: "push-delivery", payload: z.object({}), handler: async () => {} },
      attach: () => {},
      notify: async () => 0,
      notifyEach: async () => 0,
    },
    pushEndpoints: { check: () => NOT_IN_DEMO, checkAddresses: async () => NOT_IN_DEMO },
    // Nor is any webhook receiver: endpoints cannot be created, nothing is sent.
    webhooks: {
      delivery: {
        job: { name: "webhook-delivery", payload: z.object({}), handler: async () => {} },
        deliverDue: async () => 0,
        kick: () => {},
        idle: async () => {},
      },
      checkUrl: async () => {
        throw new AppError("VALIDATION", NOT_IN_DEMO);
      },
    },
  };
  workflows.attach(deps.jobs);
  await deps.jobs.start();
  const app = createDemoApp(deps, { ...DEMO_PERSON }, { resetData: () => deleteDemoData(database) });
  return { app };
}
