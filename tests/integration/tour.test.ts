// The guided tour's state (spec sections 2 and 4): completion and skip are each stored for the
// person on the server, so another device does not replay the tour; Restart tour clears both; bad
// bodies are refused with nothing written; and each person's record is their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TourState } from "#shared/contracts/tour.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("/api/tour", () => {
  it("is due for a new person, then remembers Finish across devices until Restart tour", async () => {
    const p = await createVerifiedUser(server);
    const fresh = await p.client.get<TourState>("/api/tour");
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ completedAt: null, skippedAt: null });

    server.clock.set(new Date("2026-03-02T09:30:00.000Z"));
    const done = await p.client.request<TourState>("PUT", "/api/tour", { json: { outcome: "completed" } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ completedAt: "2026-03-02T09:30:00.000Z", skippedAt: null });

    // A second device signs in as the same person and reads the same record.
    const laptop = new TestClient(server.baseUrl);
    expect(
      (await laptop.post("/api/auth/sign-in/email", { email: p.email, password: p.password })).status,
    ).toBe(200);
    expect((await laptop.get<TourState>("/api/tour")).body.completedAt).toBe("2026-03-02T09:30:00.000Z");

    const restarted = await laptop.request<TourState>("DELETE", "/api/tour");
    expect(restarted.status).toBe(200);
    expect(restarted.body).toEqual({ completedAt: null, skippedAt: null });
    expect((await p.client.get<TourState>("/api/tour")).body).toEqual({ completedAt: null, skippedAt: null });
  });

  it("stores a skip beside an earlier completion, and keeps the profile and switches", async () => {
    const p = await createVerifiedUser(server);
    await p.client.patch("/api/profile", { jobTitle: "Designer" });
    await p.client.patch("/api/preferences", { notifications: { email: false } });
    server.clock.set(new Date("2026-03-03T10:00:00.000Z"));
    await p.client.request("PUT", "/api/tour", { json: { outcome: "completed" } });
    server.clock.set(new Date("2026-03-04T11:00:00.000Z"));
    const skipped = await p.client.request<TourState>("PUT", "/api/tour", { json: { outcome: "skipped" } });
    expect(skipped.body).toEqual({
      completedAt: "2026-03-03T10:00:00.000Z",
      skippedAt: "2026-03-04T11:00:00.000Z",
    });
    const me = await p.client.get<{ preferences: { job_title?: string } }>("/api/me");
    expect(me.body.preferences.job_title).toBe("Designer");
    const prefs = await p.client.get<{ notifications: { email: boolean } }>("/api/preferences");
    expect(prefs.body.notifications.email).toBe(false);
  });

  it("refuses an unknown outcome or extra fields with 400 and changes nothing", async () => {
    const p = await createVerifiedUser(server);
    for (const json of [{ outcome: "finished" }, { outcome: "skipped", when: "now" }, {}, { outcome: 1 }]) {
      const res = await p.client.request<ErrorBody>("PUT", "/api/tour", { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    expect((await p.client.get<TourState>("/api/tour")).body).toEqual({ completedAt: null, skippedAt: null });
  });

  it("is each person's own, and refuses a signed-out caller", async () => {
    const a = await createVerifiedUser(server);
    const b = await createVerifiedUser(server);
    await a.client.request("PUT", "/api/tour", { json: { outcome: "skipped" } });
    expect((await b.client.get<TourState>("/api/tour")).body).toEqual({ completedAt: null, skippedAt: null });
    await b.client.request("DELETE", "/api/tour");
    expect((await a.client.get<TourState>("/api/tour")).body.skippedAt).not.toBeNull();

    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.get("/api/tour")).status).toBe(401);
    expect((await anonymous.request("PUT", "/api/tour", { json: { outcome: "skipped" } })).status).toBe(401);
  });
});
