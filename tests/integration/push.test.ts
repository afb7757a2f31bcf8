// Web Push delivery (issue 24) through the real HTTP app and the real web-push library, against a
// local push service (tests/support/fake-push-service.ts) that decrypts every message per RFC 8291
// with the browser's private key and checks the VAPID signature per RFC 8292.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions, serverSecrets } from "#server/db/schema/push.ts";
import {
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_SUBSCRIPTION_LIMIT_MESSAGE,
  type PushSubscriptionDto,
} from "#shared/contracts/push.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { dbFingerprint } from "../support/db-fingerprint.ts";
import { createVerifiedUser } from "../support/factories.ts";
import {
  type BrowserKeys,
  browserKeys,
  FAKE_PUSH_CA_FILE,
  type FakePushService,
  startFakePushService,
} from "../support/fake-push-service.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

let push: FakePushService;
let server: TestServer;
const PUSH_ENV = {
  PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1",
  PUSH_EXTRA_CA_FILE: FAKE_PUSH_CA_FILE,
  PUSH_RETRY_BASE_SECONDS: "1",
};

beforeAll(async () => {
  push = await startFakePushService();
  server = await startTestServer(PUSH_ENV);
  await server.kairo.deps.jobs.start();
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

const db = () => server.kairo.deps.database.db;
type Subscribed = { name: string; keys: BrowserKeys; id: string };

async function subscribe(
  client: TestClient,
  name = `browser-${randomBytes(4).toString("hex")}`,
): Promise<Subscribed> {
  const keys = browserKeys();
  push.register(name, keys);
  const res = await client.post<PushSubscriptionDto>("/api/push/subscriptions", {
    endpoint: push.endpoint(name),
    expirationTime: null,
    keys: keys.json,
  });
  expect(res.status).toBe(201);
  return { name, keys, id: res.body.id };
}

const list = async (client: TestClient) =>
  (await client.get<{ subscriptions: PushSubscriptionDto[] }>("/api/push/subscriptions")).body.subscriptions;

describe("the VAPID key pair", () => {
  it("is a P-256 public key, made on first start and the same for another instance on the database", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.get<{ publicKey: string }>("/api/push/vapid-public-key");
    expect(res.status).toBe(200);
    const key = Buffer.from(res.body.publicKey, "base64url");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const other = await startTestServer(PUSH_ENV, { shareDatabaseWith: server });
    try {
      const { client: there } = await createVerifiedUser(other);
      expect((await there.get<{ publicKey: string }>("/api/push/vapid-public-key")).body.publicKey).toBe(
        res.body.publicKey,
      );
    } finally {
      await other.close();
    }
    // Kept sealed with the server secret, never as the key itself.
    const [row] = await db().select().from(serverSecrets).where(eq(serverSecrets.name, "vapid"));
    expect(row!.value).toMatch(/^v1\./);
    expect(row!.value).not.toContain(res.body.publicKey);
  });
});

describe("subscribing", () => {
  it("stores the browser, lists it, and refreshes rather than duplicates the same endpoint", async () => {
    const { client } = await createVerifiedUser(server);
    const first = await subscribe(client, "refresh-me");
    const again = browserKeys();
    push.register("refresh-me", again);
    const res = await client.post<PushSubscriptionDto>("/api/push/subscriptions", {
      endpoint: push.endpoint("refresh-me"),
      keys: again.json,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(first.id);
    expect((await list(client)).map((s) => s.endpoint)).toEqual([push.endpoint("refresh-me")]);
    const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, first.id));
    expect(row!.p256dh).toBe(again.json.p256dh);
  });

  it("refuses bad subscriptions with a 400 naming the problem, and stores nothing", async () => {
    const { client } = await createVerifiedUser(server);
    const keys = browserKeys().json;
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    const cases: Array<[unknown, RegExp]> = [
      [{ endpoint: "http://push.example.com/send/1", keys }, /must be an https address/],
      [{ endpoint: "https://10.1.2.3/send/1", keys }, /not a local or private address/],
      [{ endpoint: "https://[::1]/send/1", keys }, /not a local or private address/],
      [{ endpoint: "https://localhost/send/1", keys }, /not a local or private address/],
      [{ endpoint: "https://user:pw@push.example.com/send/1", keys }, /user name or password/],
      [{ endpoint: "not a url", keys }, /endpoint/],
      [{ endpoint: `https://push.example.com/${"x".repeat(2100)}`, keys }, /2,048/],
      [
        { endpoint: "https://push.example.com/send/1", keys: { ...keys, p256dh: keys.p256dh.slice(4) } },
        /65 bytes/,
      ],
      [{ endpoint: "https://push.example.com/send/1", keys: { ...keys, p256dh: notOnCurve } }, /P-256/],
      [{ endpoint: "https://push.example.com/send/1", keys: { ...keys, auth: "AAAA" } }, /16 bytes/],
      [{ endpoint: "https://push.example.com/send/1", keys: { p256dh: keys.p256dh } }, /keys.auth/],
      [{ endpoint: "https://push.example.com/send/1", keys, extra: 1 }, /./],
    ];
    for (const [body, message] of cases) {
      const before = await dbFingerprint(db(), ["session"]);
      const res = await client.post<ErrorBody>("/api/push/subscriptions", body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
      expect(JSON.stringify(res.body.error)).toMatch(message);
      expect(await dbFingerprint(db(), ["session"])).toEqual(before);
    }
  });

  it(`takes at most ${MAX_PUSH_SUBSCRIPTIONS} browsers a person`, async () => {
    const { client } = await createVerifiedUser(server);
    await Promise.all(Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => subscribe(client)));
    const res = await client.post<ErrorBody>("/api/push/subscriptions", {
      endpoint: push.endpoint("one-too-many"),
      keys: browserKeys().json,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: "CONFLICT", message: PUSH_SUBSCRIPTION_LIMIT_MESSAGE });
    expect(await list(client)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it("unsubscribes one browser; someone else's id is a 404", async () => {
    const { client } = await createVerifiedUser(server);
    const { client: other } = await createVerifiedUser(server);
    const sub = await subscribe(client);
    expect((await other.request<ErrorBody>("DELETE", `/api/push/subscriptions/${sub.id}`)).status).toBe(404);
    expect(await list(client)).toHaveLength(1);
    expect((await client.request("DELETE", `/api/push/subscriptions/${sub.id}`)).status).toBe(204);
    expect(await list(client)).toEqual([]);
  });
});

describe("sending", () => {
  it("encrypts for each browser (RFC 8291), signs with VAPID (RFC 8292), with a TTL and an urgency", async () => {
    const { client } = await createVerifiedUser(server);
    const laptop = await subscribe(client);
    const phone = await subscribe(client);
    const publicKey = (await client.get<{ publicKey: string }>("/api/push/vapid-public-key")).body.publicKey;
    const res = await client.post<{ queued: number }>("/api/push/test");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: 2 });
    for (const browser of [laptop, phone]) {
      const [got] = await waitFor(
        async () => push.received(browser.name),
        (r) => r.length > 0,
        { what: `the push to ${browser.name}` },
      );
      expect(got!.decryptError).toBeNull();
      expect(got!.payload).toEqual({
        id: expect.stringMatching(/^test-/),
        kind: "test",
        title: "Notifications are on",
        body: "Kairo's reminders will appear here, even with no Kairo tab open.",
        url: "/settings",
      });
      expect(got!.vapidError).toBeNull();
      expect(got!.vapid).toMatchObject({
        aud: push.origin,
        k: publicKey,
        sub: "mailto:no-reply@kairo.local",
      });
      expect(got!.headers).toMatchObject({
        contentEncoding: "aes128gcm",
        ttl: "300",
        urgency: "normal",
        topic: expect.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
      });
    }
    await waitFor(
      () => list(client),
      (subs) => subs.every((s) => s.lastSuccessAt !== null),
      { what: "both deliveries recorded" },
    );
    // Another person's browser got nothing.
    const { client: other } = await createVerifiedUser(server);
    const theirs = await subscribe(other);
    expect(push.received(theirs.name)).toEqual([]);
  });

  it("removes a subscription the push service answers 404 or 410 for", async () => {
    const { client } = await createVerifiedUser(server);
    const gone = await subscribe(client);
    const unknown = await subscribe(client);
    const kept = await subscribe(client);
    push.answer(gone.name, 410);
    push.answer(unknown.name, 404);
    expect((await client.post<{ queued: number }>("/api/push/test")).body).toEqual({ queued: 3 });
    const left = await waitFor(
      () => list(client),
      (subs) => subs.length === 1,
      { what: "the gone subscriptions removed" },
    );
    expect(left.map((s) => s.id)).toEqual([kept.id]);
    expect(push.received(gone.name).map((r) => r.status)).toEqual([410]);
    expect(push.received(unknown.name).map((r) => r.status)).toEqual([404]);
  });

  it("retries other failures with backoff, and keeps the subscription", async () => {
    const { client } = await createVerifiedUser(server);
    const flaky = await subscribe(client);
    push.answer(flaky.name, 500, 429);
    await client.post("/api/push/test");
    const attempts = await waitFor(
      async () => push.received(flaky.name),
      (r) => r.length === 3,
      { what: "three attempts", timeoutMs: 30_000 },
    );
    expect(attempts.map((r) => r.status)).toEqual([500, 429, 201]);
    // The same message each time, decrypted by the browser on the last.
    expect(new Set(attempts.map((r) => (r.payload as { id: string }).id)).size).toBe(1);
    const [row] = await waitFor(
      () => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, flaky.id)),
      (rows) => rows[0]?.lastSuccessAt != null,
      { what: "the success recorded" },
    );
    expect(row).toMatchObject({ failures: 0 });
    expect(row!.lastFailureAt).not.toBeNull();
  });

  it("does not retry a refusal such as 400, and keeps the subscription", async () => {
    const { client } = await createVerifiedUser(server);
    const refused = await subscribe(client);
    push.answer(refused.name, 400, 201);
    await client.post("/api/push/test");
    const [row] = await waitFor(
      () => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, refused.id)),
      (rows) => (rows[0]?.failures ?? 0) === 1,
      { what: "the refusal recorded" },
    );
    expect(row!.lastSuccessAt).toBeNull();
    // A later message goes through: only the refused one was dropped.
    await client.post("/api/push/test");
    await waitFor(
      async () => push.received(refused.name),
      (r) => r.length === 2,
      { what: "the next message" },
    );
    expect(push.received(refused.name).map((r) => r.status)).toEqual([400, 201]);
  });
});
