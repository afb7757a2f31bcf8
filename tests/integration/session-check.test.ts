// The session check every API request makes (src/server/http/session.ts): a sign-out, a revoked
// session, a ban or a deleted account is refused on the very next request, on the instance that saw
// it and on another instance sharing the database; a forged cookie is refused; a session due for
// renewal is renewed on any API route. Two instances, through real HTTP.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { session, user } from "#server/db/schema/auth.ts";
import { parseEnv } from "#server/env.ts";
import { createKairo, type Kairo } from "#server/kairo.ts";
import { createLogger } from "#server/logger.ts";
import { createOutboxMailer } from "#server/providers/mail/mailer.ts";
import type { ActiveSession } from "#shared/contracts/sessions.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60; // default of SESSION_TTL_SECONDS
const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60; // default of SESSION_RENEW_AFTER_SECONDS

/** A second Kairo on the first one's database, as another instance behind the load balancer. */
type Instance = { baseUrl: string; close(): Promise<void> };

async function secondInstance(first: TestServer): Promise<Instance> {
  // Its own connections on PostgreSQL, as another process would have; embedded PGlite belongs to one
  // process, so there the two apps share the handle (neither keeps sessions in memory either way).
  const own = first.testDb.url ? await openDatabase({ url: first.testDb.url, poolSize: 2 }) : null;
  const database: Database = own ?? first.testDb.database;
  let kairo: Kairo | undefined;
  const server = serve({
    fetch: (req, env) => (kairo ? kairo.app.fetch(req, env) : new Response("starting", { status: 503 })),
    port: 0,
    hostname: "127.0.0.1",
  }) as unknown as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logger = createLogger(process.env.LOG_LEVEL ?? "silent");
  kairo = await createKairo({
    env: parseEnv({
      NODE_ENV: "test",
      PUBLIC_URL: baseUrl,
      KAIRO_DATA_DIR: "/tmp/kairo-test-data",
      BETTER_AUTH_SECRET: (await first.kairo.deps.auth.$context).secret,
      TRUST_PROXY: "true",
    }),
    logger,
    database,
    mailer: createOutboxMailer(logger),
  });
  return {
    baseUrl,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await kairo?.deps.jobs.stop();
      await own?.close();
    },
  };
}

let server: TestServer;
let other: Instance;
beforeAll(async () => {
  server = await startTestServer();
  other = await secondInstance(server);
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const db = () => server.testDb.database.db;

/** The status of GET /api/me with this cookie, on the first instance (a) and on the other (b). */
async function meStatus(cookie: string) {
  const a = await new TestClient(server.baseUrl).get("/api/me", { cookie });
  const b = await new TestClient(other.baseUrl).get("/api/me", { cookie });
  return { a: a.status, b: b.status };
}

async function userIdOf(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

describe("the session check on every request", () => {
  it("serves a signed-in person on either instance", async () => {
    const person = await createVerifiedUser(server);
    expect(await meStatus(person.client.cookieHeader())).toEqual({ a: 200, b: 200 });
  });

  it("refuses a signed-out session on the next request, on both instances", async () => {
    const person = await createVerifiedUser(server);
    const cookie = person.client.cookieHeader();
    expect(await meStatus(cookie)).toEqual({ a: 200, b: 200 });

    expect((await person.client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await meStatus(cookie)).toEqual({ a: 401, b: 401 });
  });

  it("refuses a session revoked on the other instance on the next request", async () => {
    const person = await createVerifiedUser(server);
    const phone = new TestClient(other.baseUrl);
    expect(
      (await phone.post("/api/auth/sign-in/email", { email: person.email, password: person.password }))
        .status,
    ).toBe(200);
    const phoneCookie = phone.cookieHeader();
    expect(await meStatus(phoneCookie)).toEqual({ a: 200, b: 200 });

    const { sessions } = (await person.client.get<{ sessions: ActiveSession[] }>("/api/account/sessions"))
      .body;
    const mine = person.client.cookieHeader();
    const phoneSession = sessions.find((s) => !s.current)!;
    expect((await person.client.request("DELETE", `/api/account/sessions/${phoneSession.id}`)).status).toBe(
      204,
    );

    expect(await meStatus(phoneCookie)).toEqual({ a: 401, b: 401 });
    expect(await meStatus(mine)).toEqual({ a: 200, b: 200 });
  });

  it("refuses a banned person from the moment the ban is written, before any session is revoked", async () => {
    const person = await createVerifiedUser(server);
    const cookie = person.client.cookieHeader();
    const id = await userIdOf(person.email);

    await db().update(user).set({ banned: true }).where(eq(user.id, id));
    expect(await meStatus(cookie)).toEqual({ a: 401, b: 401 });
    // A ban that has run out is no ban (Better Auth lifts it at the next sign-in).
    await db()
      .update(user)
      .set({ banExpires: new Date(Date.now() - 60_000) })
      .where(eq(user.id, id));
    expect(await meStatus(cookie)).toEqual({ a: 200, b: 200 });
    await db()
      .update(user)
      .set({ banExpires: new Date(Date.now() + 3_600_000) })
      .where(eq(user.id, id));
    expect(await meStatus(cookie)).toEqual({ a: 401, b: 401 });
  });

  it("refuses a deleted account on the next request", async () => {
    const person = await createVerifiedUser(server);
    const cookie = person.client.cookieHeader();
    expect(await meStatus(cookie)).toEqual({ a: 200, b: 200 });

    await db()
      .delete(user)
      .where(eq(user.id, await userIdOf(person.email)));
    expect(await meStatus(cookie)).toEqual({ a: 401, b: 401 });
  });

  it("refuses a cookie whose signature does not match its token", async () => {
    const person = await createVerifiedUser(server);
    const stranger = await createVerifiedUser(server);
    const cookieOf = (c: TestClient) => c.cookieHeader().match(/better-auth\.session_token=([^;]+)/)![1]!;
    const [token] = decodeURIComponent(cookieOf(person.client)).split(".");
    const [, strangerSignature] = decodeURIComponent(cookieOf(stranger.client)).split(".");

    for (const value of [
      `${token}.${strangerSignature}`,
      token!,
      `${token}.${"A".repeat(43)}=`,
      encodeURIComponent(`${token}.${strangerSignature}`),
    ]) {
      expect(await meStatus(`better-auth.session_token=${value}`)).toEqual({ a: 401, b: 401 });
    }
    expect(await meStatus(person.client.cookieHeader())).toEqual({ a: 200, b: 200 });
  });

  it("renews a session used on any API route after SESSION_RENEW_AFTER_SECONDS", async () => {
    const person = await createVerifiedUser(server);
    const id = await userIdOf(person.email);
    const old = new Date(Date.now() + (SESSION_TTL_SECONDS - SESSION_RENEW_AFTER_SECONDS - 60) * 1000);
    await db().update(session).set({ expiresAt: old }).where(eq(session.userId, id));

    const res = await new TestClient(other.baseUrl).get("/api/tasks", {
      cookie: person.client.cookieHeader(),
    });
    expect(res.status).toBe(200);
    const [renewed] = await db().select().from(session).where(eq(session.userId, id));
    expect(Math.abs(renewed!.expiresAt.getTime() - (Date.now() + SESSION_TTL_SECONDS * 1000))).toBeLessThan(
      60_000,
    );
  });

  it("leaves a young session's expiry alone", async () => {
    const person = await createVerifiedUser(server);
    const id = await userIdOf(person.email);
    const young = new Date(Date.now() + (SESSION_TTL_SECONDS - 60 * 60) * 1000);
    await db().update(session).set({ expiresAt: young }).where(eq(session.userId, id));

    expect(await meStatus(person.client.cookieHeader())).toEqual({ a: 200, b: 200 });
    const [after] = await db().select().from(session).where(eq(session.userId, id));
    expect(after!.expiresAt.getTime()).toBe(young.getTime());
  });

  it("refuses an expired session on any API route", async () => {
    const person = await createVerifiedUser(server);
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, await userIdOf(person.email)));
    expect(await meStatus(person.client.cookieHeader())).toEqual({ a: 401, b: 401 });
    expect(
      (await new TestClient(other.baseUrl).get("/api/tasks", { cookie: person.client.cookieHeader() }))
        .status,
    ).toBe(401);
  });
});
