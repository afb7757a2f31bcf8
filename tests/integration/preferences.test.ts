// Notifications and Privacy switches (spec section 3, saved on the server by decision 009): all on by
// default, changed one at a time, validated (unknown keys and non-booleans refused with nothing
// written), kept beside the profile's job title, and each person's own.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import type { Me } from "#shared/contracts/auth.ts";
import { DEFAULT_PREFERENCES, type Preferences } from "#shared/contracts/preferences.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function person() {
  const p = await createVerifiedUser(server);
  const me = await p.client.get<Me>("/api/me");
  return { ...p, id: me.body.id };
}

const storedPreferences = async (id: string) =>
  (await server.testDb.database.db.select({ p: user.preferences }).from(user).where(eq(user.id, id)))[0]!.p;

describe("/api/preferences", () => {
  it("starts with every switch on, except sharing task titles with the AI model", async () => {
    const p = await person();
    const res = await p.client.get<Preferences>("/api/preferences");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      notifications: { email: true, desktop: true, focusReminders: true },
      privacy: { crashReports: true, shareTaskTitles: false },
      pomodoro: null,
      taskGrouping: "none",
      defaultReminderMinutes: null,
    });
    expect(res.body).toEqual(DEFAULT_PREFERENCES);
  });

  it("saves a change, keeps the job title and company, and answers the whole set", async () => {
    const p = await person();
    expect((await p.client.patch("/api/profile", { jobTitle: "Designer", company: "Acme" })).status).toBe(
      200,
    );

    const res = await p.client.patch<Preferences>("/api/preferences", { notifications: { desktop: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      notifications: { email: true, desktop: false, focusReminders: true },
      privacy: { crashReports: true, shareTaskTitles: false },
      pomodoro: null,
      taskGrouping: "none",
      defaultReminderMinutes: null,
    });
    const second = await p.client.patch<Preferences>("/api/preferences", {
      privacy: { crashReports: false, shareTaskTitles: true },
      notifications: { email: false },
    });
    expect(second.body).toEqual({
      notifications: { email: false, desktop: false, focusReminders: true },
      privacy: { crashReports: false, shareTaskTitles: true },
      pomodoro: null,
      taskGrouping: "none",
      defaultReminderMinutes: null,
    });

    expect((await p.client.get<Preferences>("/api/preferences")).body).toEqual(second.body);
    expect(await storedPreferences(p.id)).toEqual({ job_title: "Designer", company: "Acme", ...second.body });
    const me = await p.client.get<Me>("/api/me");
    expect(me.body.preferences).toEqual({ job_title: "Designer", company: "Acme" });
  });

  it("refuses unknown keys, non-booleans and empty changes with a 400, and writes nothing", async () => {
    const p = await person();
    expect((await p.client.patch("/api/preferences", { privacy: { crashReports: false } })).status).toBe(200);
    const before = await storedPreferences(p.id);
    const bad: unknown[] = [
      {},
      { theme: "dark" },
      { notifications: { sms: true } },
      { notifications: { desktop: "false" } },
      { notifications: { desktop: 0 } },
      { notifications: { desktop: null } },
      { privacy: { crashReports: "yes" } },
      // Usage analytics is no switch of Kairo's (decision 159).
      { privacy: { analytics: false } },
      { privacy: true },
      { notifications: [] },
      [],
      "on",
      null,
    ];
    for (const body of bad) {
      const res = await p.client.request<ErrorBody>("PATCH", "/api/preferences", { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
      expect(res.body.error.message.length).toBeGreaterThan(3);
    }
    const broken = await p.client.request<ErrorBody>("PATCH", "/api/preferences", { body: "{not json" });
    expect(broken.status).toBe(400);
    expect(await storedPreferences(p.id)).toEqual(before);
  });

  it("changes only the signed-in person's switches", async () => {
    const alice = await person();
    const bob = await person();
    await alice.client.patch("/api/preferences", { notifications: { focusReminders: false } });
    expect((await bob.client.get<Preferences>("/api/preferences")).body).toEqual(DEFAULT_PREFERENCES);
  });

  it("refuses a visitor without a session", async () => {
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get("/api/preferences")).status).toBe(401);
    expect((await visitor.patch("/api/preferences", { privacy: { crashReports: false } })).status).toBe(401);
  });
});
