import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKETS_PER_PERSON } from "#server/http/route-limits.ts";
import { SOCKET_LIMIT_MESSAGE } from "#shared/contracts/realtime.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { connectSocket } from "../support/socket-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const connect = (cookie: string) => connectSocket(server.baseUrl, cookie);

describe("realtime socket", () => {
  it("refuses a visitor without a session", async () => {
    await expect(connect("")).rejects.toThrow(/Unauthorized/);
  });

  it("tells the person's other devices when a task changes, and nobody else", async () => {
    const alice = await createVerifiedUser(server);
    const bob = await createVerifiedUser(server);
    const aliceSocket = await connect(alice.client.cookieHeader());
    const bobSocket = await connect(bob.client.cookieHeader());
    const bobEvents: unknown[] = [];
    bobSocket.on("tasks:changed", (p) => bobEvents.push(p));
    try {
      const received = new Promise<{ reason: string; taskId?: string }>((resolve) =>
        aliceSocket.once("tasks:changed", resolve),
      );
      const created = await alice.client.post<{ id: string }>("/api/tasks", { title: "Write the report" });
      expect(created.status).toBe(201);
      await expect(received).resolves.toEqual({ reason: "created", taskId: created.body.id });
      const timer = new Promise((resolve) => aliceSocket.once("tasks:changed", resolve));
      await alice.client.post(`/api/tasks/${created.body.id}/timer/start`);
      await expect(timer).resolves.toEqual({ reason: "timer", taskId: created.body.id });
      await new Promise((r) => setTimeout(r, 100));
      expect(bobEvents).toEqual([]);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });
});

/** Connects once the server has freed a place (it hears a closed socket a moment after the client). */
async function connectWhenFree(baseUrl: string, cookie: string): Promise<Socket> {
  for (let i = 0; i < 50; i++) {
    const socket = await connectSocket(baseUrl, cookie).catch((err: Error) => {
      if (err.message !== SOCKET_LIMIT_MESSAGE) throw err;
      return null;
    });
    if (socket) return socket;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no place was freed within 5 s");
}

describe("sockets per person", () => {
  it(`holds at most ${SOCKETS_PER_PERSON} open sockets per person; a closed one frees its place`, async () => {
    expect(SOCKETS_PER_PERSON).toBe(8);
    const alice = await createVerifiedUser(server);
    const bob = await createVerifiedUser(server);
    const open: Socket[] = [];
    try {
      for (let i = 0; i < 8; i++) open.push(await connect(alice.client.cookieHeader()));
      await expect(connect(alice.client.cookieHeader())).rejects.toThrow(SOCKET_LIMIT_MESSAGE);
      // Another person is not held by Alice's tabs.
      open.push(await connect(bob.client.cookieHeader()));
      open.shift()?.close();
      // The server hears the close a moment later; then the place is free.
      open.push(await connectWhenFree(server.baseUrl, alice.client.cookieHeader()));
      await expect(connect(alice.client.cookieHeader())).rejects.toThrow(SOCKET_LIMIT_MESSAGE);
    } finally {
      for (const s of open) s.close();
    }
  });
});

describe.runIf(onPostgres)("sockets per person across two instances (Redis)", () => {
  it("counts a person's sockets on both instances together", async () => {
    const a = await startTestServer({ REDIS_URL });
    const b = await startTestServer({ REDIS_URL }, { shareDatabaseWith: a });
    const open: Socket[] = [];
    try {
      const alice = await createVerifiedUser(a);
      const cookie = alice.client.cookieHeader();
      for (let i = 0; i < 8; i++) open.push(await connectSocket((i % 2 ? b : a).baseUrl, cookie));
      await expect(connectSocket(a.baseUrl, cookie)).rejects.toThrow(SOCKET_LIMIT_MESSAGE);
      await expect(connectSocket(b.baseUrl, cookie)).rejects.toThrow(SOCKET_LIMIT_MESSAGE);
      // A tab closed on A frees a place that B gives out.
      open.shift()?.close();
      open.push(await connectWhenFree(b.baseUrl, cookie));
      await expect(connectSocket(a.baseUrl, cookie)).rejects.toThrow(SOCKET_LIMIT_MESSAGE);
    } finally {
      for (const s of open) s.close();
      await b.close();
      await a.close();
    }
  });
});
