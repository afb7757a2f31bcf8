// The socket follows the session and the origin rule (issue 10, points 6 and 7): a socket whose
// session ends (revoked from another device, signed out, the account deleted) is disconnected at
// once, on the other instance too (two instances on one database and one Redis); a page on another
// site cannot open one on either transport, even with a valid cookie.
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ActiveSessionsResponse } from "#shared/contracts/sessions.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const EVIL = "https://evil.example";
const ADMIN_EMAIL = `socket-admin-${Date.now()}@example.com`;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ REDIS_URL, RATE_LIMIT_DISABLED: "true", KAIRO_ADMIN_EMAILS: ADMIN_EMAIL });
  b = await startTestServer({ REDIS_URL, RATE_LIMIT_DISABLED: "true" }, { shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

function connect(
  baseUrl: string,
  cookie: string,
  o: { origin?: string; transport?: "websocket" | "polling" } = {},
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: "/socket.io",
      transports: [o.transport ?? "websocket"],
      extraHeaders: { cookie, origin: o.origin ?? baseUrl },
      reconnection: false,
      timeout: 5_000,
    });
    open.push(socket);
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => reject(err));
  });
}

/** Resolves with the reason once the server ends the socket; rejects if it stays open `ms`. */
function ended(socket: Socket, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket stayed connected")), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** The same person signed in on a second device (its own cookie, its own session). */
async function secondDevice(server: TestServer, email: string, password: string) {
  const device = new TestClient(server.baseUrl);
  const res = await device.post("/api/auth/sign-in/email", { email, password });
  expect(res.status).toBe(200);
  return device;
}

describe("a socket whose session ends", () => {
  it("is disconnected at once when the session is revoked from another device on the other instance", async () => {
    const person = await createVerifiedUser(a);
    const phone = await secondDevice(b, person.email, person.password);
    const laptopSocket = await connect(a.baseUrl, person.client.cookieHeader());
    const phoneSocket = await connect(b.baseUrl, phone.cookieHeader());
    const phoneEnded = ended(phoneSocket);

    const sessions = (await person.client.get<ActiveSessionsResponse>("/api/account/sessions")).body.sessions;
    const other = sessions.find((s) => !s.current)!;
    expect((await person.client.delete(`/api/account/sessions/${other.id}`)).status).toBe(204);

    await expect(phoneEnded).resolves.toBe("io server disconnect");
    // The laptop's own session lives on, and so does its socket.
    await new Promise((r) => setTimeout(r, 200));
    expect(laptopSocket.connected).toBe(true);
    // Reconnecting with the revoked cookie is refused.
    await expect(connect(b.baseUrl, phone.cookieHeader())).rejects.toThrow(/Unauthorized/);
  });

  it("is disconnected when its device signs out", async () => {
    const person = await createVerifiedUser(a);
    const socket = await connect(b.baseUrl, person.client.cookieHeader());
    const gone = ended(socket);
    expect((await person.client.post("/api/auth/sign-out", {})).status).toBe(200);
    await expect(gone).resolves.toBe("io server disconnect");
  });

  it("is disconnected when an administrator bans the person", async () => {
    const admin = await createVerifiedUser(a, { email: ADMIN_EMAIL });
    const person = await createVerifiedUser(a);
    const personId = (await person.client.get<{ id: string }>("/api/me")).body.id;
    const socket = await connect(b.baseUrl, person.client.cookieHeader());
    const gone = ended(socket);
    const ban = await admin.client.post(`/api/admin/users/${personId}/ban`, { reason: "Spam" });
    expect(ban.status).toBe(200);
    await expect(gone).resolves.toBe("io server disconnect");
  });

  it("is disconnected on every device when the account is deleted", async () => {
    const person = await createVerifiedUser(a);
    const phone = await secondDevice(a, person.email, person.password);
    const sockets = [
      await connect(a.baseUrl, person.client.cookieHeader()),
      await connect(b.baseUrl, phone.cookieHeader()),
    ];
    const gone = sockets.map((s) => ended(s));
    const res = await person.client.post("/api/account/delete", { password: person.password });
    expect(res.status).toBe(200);
    for (const g of gone) await expect(g).resolves.toBe("io server disconnect");
  });
});

describe("a socket from another site", () => {
  it("is refused on both transports with a valid cookie, while the app's own origin connects", async () => {
    const person = await createVerifiedUser(a);
    const cookie = person.client.cookieHeader();
    for (const transport of ["websocket", "polling"] as const) {
      await expect(connect(a.baseUrl, cookie, { origin: EVIL, transport }), transport).rejects.toThrow();
      const own = await connect(a.baseUrl, cookie, { transport });
      expect(own.connected, transport).toBe(true);
    }
  });
});
