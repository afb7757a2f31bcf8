// Boots Kairo: HTTP (API + built web app) and the realtime socket on one port; stops cleanly.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { parseEnv } from "./env.ts";
import { createKairo } from "./kairo.ts";
import { createLogger } from "./logger.ts";
import { attachRealtime } from "./realtime/socket.ts";

const env = parseEnv();
const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === "development" && process.stdout.isTTY);
const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));
const started = performance.now();

const kairo = await createKairo({ env, logger, webRoot: existsSync(webRoot) ? webRoot : undefined });
const server = serve({ fetch: kairo.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(
    { port: info.port, database: kairo.deps.database.kind, ms: Math.round(performance.now() - started) },
    `Kairo ${kairo.deps.version} listening on http://localhost:${info.port}`,
  );
}) as Server;
// Keep idle connections open longer than load balancers and browsers do (60 s is the common idle
// timeout), so a reused connection is never closed under a request in flight.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const realtime = await attachRealtime(server, {
  auth: kairo.deps.auth,
  logger,
  db: kairo.deps.database.db,
  entitlements: kairo.deps.entitlements,
  events: kairo.deps.events,
  clock: kairo.deps.clock,
  originPolicy: kairo.deps.originPolicy,
  limits: { store: kairo.deps.rateLimitStore, enabled: kairo.deps.rateLimitEnabled },
  redisUrl: env.REDIS_URL,
});
// Background jobs and schedules (pg-boss on PostgreSQL, in-process on PGlite) and the calendar sync
// takeover; kairo.close() stops them.
await kairo.start();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  await realtime.close();
  server.close();
  // Stops the job worker (running jobs finish, bounded), then Redis and the database.
  await kairo.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
