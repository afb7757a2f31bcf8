// Starts the whole Kairo HTTP app on a free port against a fresh test database, with the
// development outbox as mail transport. Tests talk to it over real HTTP with `TestClient`.

import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { parseEnv } from "#server/env.ts";
import { createKairo, type Kairo } from "#server/kairo.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { createOutboxMailer, type OutboxMailer } from "#server/providers/mail/mailer.ts";
import { attachRealtime } from "#server/realtime/socket.ts";
import type { TeamWorkspaceTimings } from "#server/realtime/team-workspace.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

/** A clock the tests can stop and move; it follows real time until `set` is called. */
export class TestClock {
  private fixed: number | null = null;
  now = (): Date => new Date(this.fixed ?? Date.now());
  set(at: Date | string) {
    this.fixed = new Date(at).getTime();
  }
  advance(ms: number) {
    this.fixed = (this.fixed ?? Date.now()) + ms;
  }
  reset() {
    this.fixed = null;
  }
}

export type TestServer = {
  baseUrl: string;
  adapterKey: string;
  clock: TestClock;
  kairo: Kairo;
  realtime: Awaited<ReturnType<typeof attachRealtime>>;
  outbox: OutboxMailer;
  testDb: TestDatabase;
  close(): Promise<void>;
};

export type TestServerOptions = {
  /**
   * Another instance on the same database (as behind a load balancer): this one neither creates
   * nor drops a database, and closing it leaves the other's open.
   */
  shareDatabaseWith?: TestServer;
  /** A built web app to serve beside the API, as `npm start` does with dist/web. */
  webRoot?: string;
  /** The Redis adapter's channel prefix; "socket.io" to meet a server started by `main.ts`. */
  adapterKey?: string;
  /** Shorter presence heartbeat and expiry than the product's. */
  presenceTimings?: Partial<TeamWorkspaceTimings>;
  /** Where the server logs (a test that reads the log lines); silent (or LOG_LEVEL) otherwise. */
  logger?: Logger;
};

export async function startTestServer(
  envOverrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  let app: Kairo["app"] | undefined;
  const server = serve({
    fetch: (req, env) => (app ? app.fetch(req, env) : new Response("starting", { status: 503 })),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  (server as unknown as Server).keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const shared = options.shareDatabaseWith?.testDb;
  const testDb: TestDatabase = shared
    ? { ...shared, database: { ...shared.database, close: async () => {} }, drop: async () => {} }
    : await createTestDatabase();
  const logger = options.logger ?? createLogger(process.env.LOG_LEVEL ?? "silent");
  const outbox = createOutboxMailer(logger);
  const env = parseEnv({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    KAIRO_DATA_DIR: `/tmp/kairo-test-data`,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    TRUST_PROXY: "true",
    ...envOverrides,
  });
  const clock = new TestClock();
  // Instances of one test share their socket channels in Redis; other tests' instances do not.
  const adapterKey =
    options.adapterKey ?? options.shareDatabaseWith?.adapterKey ?? `kairo-test-${randomUUID()}`;
  const kairo = await createKairo({
    env,
    logger,
    database: testDb.database,
    // With SMTP_URL the real SMTP adapter (a test's own SMTP server); otherwise the outbox.
    mailer: env.SMTP_URL ? undefined : outbox,
    clock: clock.now,
    webRoot: options.webRoot,
  });
  app = kairo.app;
  const realtime = await attachRealtime(server as unknown as Server, {
    auth: kairo.deps.auth,
    logger,
    db: kairo.deps.database.db,
    entitlements: kairo.deps.entitlements,
    events: kairo.deps.events,
    clock: kairo.deps.clock,
    originPolicy: kairo.deps.originPolicy,
    limits: { store: kairo.deps.rateLimitStore, enabled: kairo.deps.rateLimitEnabled },
    redisUrl: env.REDIS_URL,
    adapterKey,
    presenceTimings: options.presenceTimings,
  });
  return {
    baseUrl,
    adapterKey,
    clock,
    kairo,
    realtime,
    outbox,
    testDb,
    async close() {
      await realtime.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await kairo.close().catch(() => {});
      await testDb.drop().catch(() => {});
    },
  };
}
