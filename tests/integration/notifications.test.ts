// The bell: GET /api/notifications lists the person's own, newest first, with the unread count;
// POST /api/notifications/read marks listed ones or all read; someone else's id is a 404 that
// changes nothing; a new notification reaches the person's open socket, nobody else's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "#server/modules/notifications/notifications.ts";
import type { NotificationDto, NotificationListResponse } from "#shared/contracts/notifications.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { connectSocket } from "../support/socket-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Person = Awaited<ReturnType<typeof createVerifiedUser>>;
const idOf = async (p: Person) => (await p.client.get<{ id: string }>("/api/me")).body.id;
const notify = (userId: string, title: string, extra: { link?: string; body?: string } = {}) =>
  createNotification({
    db: server.kairo.deps.database.db,
    events: server.kairo.deps.events,
    userId,
    kind: "workflow",
    title,
    ...extra,
  });

const connect = (cookie: string) => connectSocket(server.baseUrl, cookie);

describe("notifications", () => {
  it("needs a session", async () => {
    const anon = (await createVerifiedUser(server)).client;
    anon.clearCookies();
    expect((await anon.get("/api/notifications")).status).toBe(401);
    expect((await anon.post("/api/notifications/read", { all: true })).status).toBe(401);
  });

  it("lists the person's own, newest first, with the unread count, and marks them read", async () => {
    const alice = await createVerifiedUser(server);
    const bob = await createVerifiedUser(server);
    const aliceId = await idOf(alice);
    const empty = await alice.client.get<NotificationListResponse>("/api/notifications");
    expect(empty.body).toEqual({ notifications: [], unread: 0 });

    server.clock.set("2031-03-01T09:00:00Z");
    const first = await notify(aliceId, "Daily review created", { link: "/dashboard?section=tasks" });
    server.clock.set("2031-03-01T09:05:00Z");
    const second = await notify(aliceId, "Weekly report ready", { body: "12 tasks completed" });
    await notify(await idOf(bob), "Bob's own notice");
    server.clock.reset();

    const list = await alice.client.get<NotificationListResponse>("/api/notifications");
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(2);
    expect(list.body.notifications.map((n) => n.title)).toEqual([
      "Weekly report ready",
      "Daily review created",
    ]);
    expect(list.body.notifications[1]).toMatchObject({
      id: first.id,
      kind: "workflow",
      link: "/dashboard?section=tasks",
      read: false,
    });
    expect(JSON.stringify(list.body)).not.toContain("Bob's own notice");

    const limited = await alice.client.get<NotificationListResponse>("/api/notifications?limit=1");
    expect(limited.body.notifications.map((n) => n.id)).toEqual([second.id]);
    expect(limited.body.unread).toBe(2);

    const read = await alice.client.post<{ unread: number }>("/api/notifications/read", { ids: [first.id] });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unread: 1 });
    const after = await alice.client.get<NotificationListResponse>("/api/notifications");
    expect(after.body.notifications.find((n) => n.id === first.id)?.read).toBe(true);
    expect(after.body.notifications.find((n) => n.id === second.id)?.read).toBe(false);

    const all = await alice.client.post<{ unread: number }>("/api/notifications/read", { all: true });
    expect(all.body).toEqual({ unread: 0 });
    // Bob's stay unread.
    const bobs = await bob.client.get<NotificationListResponse>("/api/notifications");
    expect(bobs.body.unread).toBe(1);
  });

  it("refuses someone else's id with a 404 and marks nothing, even beside the person's own", async () => {
    const alice = await createVerifiedUser(server);
    const bob = await createVerifiedUser(server);
    const mine = await notify(await idOf(alice), "Mine");
    const theirs = await notify(await idOf(bob), "Theirs");
    const res = await alice.client.post<{ error: { code: string } }>("/api/notifications/read", {
      ids: [mine.id, theirs.id],
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    const aliceList = await alice.client.get<NotificationListResponse>("/api/notifications");
    expect(aliceList.body.unread).toBe(1);
    const bobList = await bob.client.get<NotificationListResponse>("/api/notifications");
    expect(bobList.body.notifications[0]?.read).toBe(false);
  });

  it("refuses bad input with the field named", async () => {
    const alice = await createVerifiedUser(server);
    const cases: Array<[unknown, string]> = [
      [{}, "body"],
      [{ ids: [] }, "ids"],
      [{ ids: ["not-an-id"] }, "ids.0"],
      [{ all: false }, "all"],
      [{ ids: ["7d1ed9a6-3c6f-4a51-9a8c-0f3b5c1d2e4f"], all: true }, "body"],
      [{ every: true }, "body"],
    ];
    for (const [json, field] of cases) {
      const res = await alice.client.post<{ error: { code: string; fields?: Record<string, string> } }>(
        "/api/notifications/read",
        json,
      );
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    expect((await alice.client.get("/api/notifications?limit=0")).status).toBe(400);
    expect((await alice.client.get("/api/notifications?limit=51")).status).toBe(400);
  });

  it("delivers a new notification live to the person's sockets only", async () => {
    const alice = await createVerifiedUser(server);
    const bob = await createVerifiedUser(server);
    const aliceSocket = await connect(alice.client.cookieHeader());
    const bobSocket = await connect(bob.client.cookieHeader());
    const bobSaw: unknown[] = [];
    bobSocket.on("notifications:new", (n) => bobSaw.push(n));
    try {
      const arrived = new Promise<NotificationDto>((resolve) =>
        aliceSocket.once("notifications:new", resolve),
      );
      const created = await notify(await idOf(alice), "Follow-up task created");
      await expect(arrived).resolves.toEqual(created);
      const readElsewhere = new Promise((resolve) => aliceSocket.once("notifications:read", resolve));
      await alice.client.post("/api/notifications/read", { ids: [created.id] });
      await expect(readElsewhere).resolves.toEqual({ ids: [created.id] });
      await new Promise((r) => setTimeout(r, 100));
      expect(bobSaw).toEqual([]);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });
});
