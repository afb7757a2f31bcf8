import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "../support/factories.ts";
import { connectSocket } from "../support/socket-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

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
