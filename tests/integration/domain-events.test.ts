// The domain-event hub as use cases drive it over HTTP: events arrive after the change is committed
// (a subscriber reading the database sees it), a refused or failed write announces nothing, a status
// change names from, to and category, and the socket echo names the tab that made the change.
import { eq } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import type { DomainEvent } from "#server/events/domain-events.ts";
import { CLIENT_TAB_HEADER } from "#shared/contracts/realtime.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
const seen: { event: DomainEvent; committedStatus: string | null }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const { events, database } = server.kairo.deps;
  // What the subscriber sees in the database when the event reaches it: the committed row.
  // The entry is kept in arrival order before the read, so the order is the hub's, not the database's.
  const record = async (event: DomainEvent) => {
    const entry: (typeof seen)[number] = { event, committedStatus: null };
    seen.push(entry);
    const id = "taskId" in event ? event.taskId : null;
    const [row] = id
      ? await database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id))
      : [];
    entry.committedStatus = row?.status ?? null;
  };
  for (const type of [
    "task.created",
    "task.updated",
    "task.status_changed",
    "task.completed",
    "task.deleted",
  ] as const)
    events.on(type, record);
});
afterAll(() => server?.close());

const of = (personId: string) => seen.filter((s) => "personId" in s.event && s.event.personId === personId);

describe("domain events from the task use cases", () => {
  it("announces a status change after it is committed, with from, to and category", async () => {
    const { client } = await createVerifiedUser(server);
    const personId = (await client.get<{ id: string }>("/api/me")).body.id;
    const task = (await client.post<{ id: string }>("/api/tasks", { title: "Ship it", category: "Design" }))
      .body;
    expect((await client.patch(`/api/tasks/${task.id}`, { status: "completed" })).status).toBe(200);
    await server.kairo.deps.events.idle();
    expect(of(personId).map((s) => s.event.type)).toEqual([
      "task.created",
      "task.updated",
      "task.status_changed",
      "task.completed",
    ]);
    const changed = of(personId).find((s) => s.event.type === "task.status_changed")!;
    expect(changed.event).toMatchObject({
      taskId: task.id,
      personId,
      from: "todo",
      to: "completed",
      category: "Design",
    });
    expect(changed.committedStatus).toBe("completed");
  });

  it("announces nothing for a refused write or one that finds nothing", async () => {
    const { client } = await createVerifiedUser(server);
    const personId = (await client.get<{ id: string }>("/api/me")).body.id;
    await server.testDb.database.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, personId));
    await server.testDb.database.db
      .insert(tasks)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: personId, title: `Seeded ${i}` })));
    expect((await client.post("/api/tasks", { title: "The fifty-first" })).status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await client.delete(`/api/tasks/${missing}`)).status).toBe(404);
    await server.kairo.deps.events.idle();
    expect(of(personId)).toEqual([]);
  });

  it("tells the person's devices which tab made the change", async () => {
    const { client } = await createVerifiedUser(server);
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = io(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        extraHeaders: { cookie: client.cookieHeader() },
        reconnection: false,
      });
      s.once("connect", () => resolve(s));
      s.once("connect_error", reject);
    });
    try {
      const received = new Promise((resolve) => socket.once("tasks:changed", resolve));
      const res = await client.request<{ id: string }>("POST", "/api/tasks", {
        json: { title: "From tab A" },
        headers: { [CLIENT_TAB_HEADER]: "tab-a" },
      });
      await expect(received).resolves.toEqual({ reason: "created", taskId: res.body.id, origin: "tab-a" });
    } finally {
      socket.close();
    }
  });
});
