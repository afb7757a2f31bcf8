// The person's own profile: GET /api/me and PATCH /api/profile (full name, job title, company),
// each person seeing and changing only their own.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.testDb.database.db;

async function rowOf(email: string) {
  const [row] = await db().select().from(user).where(eq(user.email, email));
  return row!;
}

describe("GET /api/me", () => {
  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const res = await new TestClient(server.baseUrl).get<ErrorBody>("/api/me");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHENTICATED");
    expect(res.body.error.message).toBe("Not authenticated");
  });

  it("answers 401 for a forged session cookie", async () => {
    const res = await new TestClient(server.baseUrl).get<ErrorBody>("/api/me", {
      cookie: "better-auth.session_token=forged.signature",
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHENTICATED");
  });

  it("answers the signed-in person's profile", async () => {
    const person = await createVerifiedUser(server);
    const res = await person.client.get<Me>("/api/me");
    expect(res.status).toBe(200);
    const row = await rowOf(person.email);
    expect(res.body).toEqual({
      id: row.id,
      email: person.email,
      fullName: person.name,
      role: "user",
      emailVerified: true,
      preferences: {},
      createdAt: row.createdAt.toISOString(),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|token/i);
  });
});

describe("PATCH /api/profile", () => {
  it("updates full name, job title and company, and keeps the email", async () => {
    const person = await createVerifiedUser(server);
    const res = await person.client.patch<Me>("/api/profile", {
      fullName: "Grace Hopper",
      jobTitle: "Rear Admiral",
      company: "US Navy",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: person.email,
      fullName: "Grace Hopper",
      preferences: { job_title: "Rear Admiral", company: "US Navy" },
    });

    const me = await person.client.get<Me>("/api/me");
    expect(me.body).toEqual(res.body);

    const row = await rowOf(person.email);
    expect(row.name).toBe("Grace Hopper");
    expect(row.email).toBe(person.email);
    expect(row.preferences).toMatchObject({ job_title: "Rear Admiral", company: "US Navy" });
  });

  it("changes only the fields given and merges the preferences", async () => {
    const person = await createVerifiedUser(server);
    await person.client.patch("/api/profile", { jobTitle: "Engineer", company: "Kairo" });
    // Preferences written elsewhere (settings) must survive a profile update.
    const before = await rowOf(person.email);
    await db()
      .update(user)
      .set({ preferences: { ...before.preferences, notifications: { email: false, desktop: true } } })
      .where(eq(user.id, before.id));

    const res = await person.client.patch<Me>("/api/profile", { company: "Kairo Labs" });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe(person.name);
    expect(res.body.preferences).toEqual({ job_title: "Engineer", company: "Kairo Labs" });

    const row = await rowOf(person.email);
    expect(row.name).toBe(person.name);
    expect(row.preferences).toEqual({
      job_title: "Engineer",
      company: "Kairo Labs",
      notifications: { email: false, desktop: true },
    });
  });

  it("trims values and lets the job title and company be cleared", async () => {
    const person = await createVerifiedUser(server);
    await person.client.patch("/api/profile", { jobTitle: "Engineer", company: "Kairo" });
    const res = await person.client.patch<Me>("/api/profile", {
      fullName: "  Ada Lovelace  ",
      jobTitle: "",
      company: " ",
    });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe("Ada Lovelace");
    expect(res.body.preferences).toEqual({ job_title: "", company: "" });
    expect((await rowOf(person.email)).name).toBe("Ada Lovelace");
  });

  it("keeps text as given (no markup interpretation) and handles non-ASCII", async () => {
    const person = await createVerifiedUser(server);
    const res = await person.client.patch<Me>("/api/profile", {
      fullName: "José Ñúñez 🚀",
      company: "<b>Acme</b> & Co",
    });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe("José Ñúñez 🚀");
    expect(res.body.preferences.company).toBe("<b>Acme</b> & Co");
  });

  it("accepts an empty update without changing anything visible", async () => {
    const person = await createVerifiedUser(server);
    const before = await person.client.get<Me>("/api/me");
    const res = await person.client.patch<Me>("/api/profile", {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.body);
  });

  it("refuses an empty full name and an email change with 400, changing nothing", async () => {
    const person = await createVerifiedUser(server);
    const before = await rowOf(person.email);

    const blank = await person.client.patch<ErrorBody>("/api/profile", { fullName: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe("VALIDATION");
    expect(blank.body.error.fields?.fullName).toBe("Full Name is required");

    const email = await person.client.patch<ErrorBody>("/api/profile", { email: "new@example.com" });
    expect(email.status).toBe(400);
    expect(email.body.error.code).toBe("VALIDATION");

    expect(await rowOf(person.email)).toEqual(before);
  });

  it("answers 401 when signed out and changes nothing", async () => {
    const person = await createVerifiedUser(server);
    const before = await rowOf(person.email);
    const res = await new TestClient(server.baseUrl).patch<ErrorBody>("/api/profile", {
      fullName: "Intruder",
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHENTICATED");
    expect(await rowOf(person.email)).toEqual(before);
  });

  it("updates updatedAt", async () => {
    const person = await createVerifiedUser(server);
    const before = await rowOf(person.email);
    await new Promise((r) => setTimeout(r, 5));
    await person.client.patch("/api/profile", { jobTitle: "Later" });
    const after = await rowOf(person.email);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(after.createdAt.getTime()).toBe(before.createdAt.getTime());
  });
});

describe("two people", () => {
  it("each sees only their own profile and changes only their own", async () => {
    const first = await createVerifiedUser(server);
    const second = await createVerifiedUser(server);
    await first.client.patch("/api/profile", { jobTitle: "First's title", company: "First Co" });
    const firstBefore = await rowOf(first.email);

    const secondMe = await second.client.get<Me>("/api/me");
    expect(secondMe.body.email).toBe(second.email);
    expect(secondMe.body.id).not.toBe(firstBefore.id);
    expect(JSON.stringify(secondMe.body)).not.toContain("First");

    const secondPatch = await second.client.patch<Me>("/api/profile", {
      fullName: "Second Renamed",
      jobTitle: "Second's title",
    });
    expect(secondPatch.status).toBe(200);
    expect(secondPatch.body.email).toBe(second.email);

    // No way to aim at the other person: an id in the body is refused, other routes do not exist.
    const byId = await second.client.patch<ErrorBody>("/api/profile", {
      id: firstBefore.id,
      fullName: "Hijack",
    });
    expect(byId.status).toBe(400);
    const byPath = await second.client.request("PATCH", `/api/profile/${firstBefore.id}`, {
      json: { fullName: "Hijack" },
    });
    expect(byPath.status).toBe(404);
    const byQuery = await second.client.patch<Me>(`/api/profile?id=${firstBefore.id}`, {
      company: "Second Co",
    });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.email).toBe(second.email);
    const meByQuery = await second.client.get<Me>(`/api/me?id=${firstBefore.id}&email=${first.email}`);
    expect(meByQuery.body.email).toBe(second.email);

    expect(await rowOf(first.email)).toEqual(firstBefore);
    const firstMe = await first.client.get<Me>("/api/me");
    expect(firstMe.body).toMatchObject({
      email: first.email,
      fullName: first.name,
      preferences: { job_title: "First's title", company: "First Co" },
    });
    const secondRow = await rowOf(second.email);
    expect(secondRow.name).toBe("Second Renamed");
    expect(secondRow.preferences).toEqual({ job_title: "Second's title", company: "Second Co" });
  });
});
