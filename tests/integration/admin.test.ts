// The admin area's API (/api/admin/*): who may call it (a failed role lookup counts as not admin
// and is logged), the people list, role changes with their rules, bans, plan overrides, the
// overview figures, the read-only lists and the audit log.
import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountDeletions, auditLog, clientErrorReports } from "#server/db/schema/admin.ts";
import { session, user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { onError } from "#server/http/on-error.ts";
import { requireUser } from "#server/http/session.ts";
import type { AppBindings } from "#server/http/types.ts";
import { ADMINS_ONLY_MESSAGE, adminActor, type RoleLookup } from "#server/modules/admin/access.ts";
import type {
  AdminAuditPage,
  AdminDeletionsPage,
  AdminErrorReportsPage,
  AdminMail,
  AdminStats,
  AdminUser,
  AdminUsersPage,
} from "#shared/contracts/admin.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser, userData } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Person = Awaited<ReturnType<typeof createVerifiedUser>> & { id: string };

const SUPER_EMAIL = "super-admin@example.com";
const ADMIN_EMAIL = "plain-admin@example.com";
const DAY_MS = 86_400_000;

let server: TestServer;
let superAdmin: Person;
let admin: Person;

const db = () => server.testDb.database.db;

async function idOf(email: string): Promise<string> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

async function person(overrides: Parameters<typeof createVerifiedUser>[1] = {}): Promise<Person> {
  const p = await createVerifiedUser(server, overrides);
  return { ...p, id: await idOf(p.email) };
}

async function roleOf(id: string) {
  const [row] = await db().select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, id));
  return row!;
}

async function auditCount() {
  const [row] = await db().select({ n: count() }).from(auditLog);
  return Number(row!.n);
}

async function auditFor(targetId: string) {
  return db().select().from(auditLog).where(eq(auditLog.targetUserId, targetId));
}

beforeAll(async () => {
  server = await startTestServer({ KAIRO_ADMIN_EMAILS: ADMIN_EMAIL, KAIRO_SUPER_ADMIN_EMAILS: SUPER_EMAIL });
  superAdmin = await person({ email: SUPER_EMAIL, name: "Sue Super" });
  admin = await person({ email: ADMIN_EMAIL, name: "Adam Admin" });
});
afterAll(() => server?.close());

const READ_ROUTES = [
  "/api/admin/users",
  "/api/admin/stats",
  "/api/admin/mail",
  "/api/admin/error-reports",
  "/api/admin/deletions",
  "/api/admin/audit-log",
];

describe("who may call the admin API", () => {
  it("gives the configured emails their roles at sign-up", async () => {
    expect((await superAdmin.client.get<Me>("/api/me")).body.role).toBe("super_admin");
    expect((await admin.client.get<Me>("/api/me")).body.role).toBe("admin");
  });

  it("answers every read route for admin and super_admin, and 403 for a person", async () => {
    const someone = await person();
    for (const path of READ_ROUTES) {
      expect((await admin.client.get(path)).status, `admin ${path}`).toBe(200);
      expect((await superAdmin.client.get(path)).status, `super_admin ${path}`).toBe(200);
      const refused = await someone.client.get<ErrorBody>(path);
      expect(refused.status, `user ${path}`).toBe(403);
      expect(refused.body.error.message).toBe("Only Kairo administrators can do this.");
      expect((await new TestClient(server.baseUrl).get(path)).status).toBe(401);
    }
  });

  it("refuses every action to a person, with nothing changed", async () => {
    const someone = await person();
    const target = await person();
    const before = await auditCount();
    const attempts = [
      someone.client.request<ErrorBody>("PUT", `/api/admin/users/${someone.id}/role`, {
        json: { role: "admin" },
      }),
      someone.client.post<ErrorBody>(`/api/admin/users/${target.id}/ban`, {}),
      someone.client.post<ErrorBody>(`/api/admin/users/${target.id}/unban`, {}),
      someone.client.request<ErrorBody>("PUT", `/api/admin/users/${someone.id}/plan`, {
        json: { plan: "pro" },
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
    expect(await roleOf(someone.id)).toEqual({ role: "user", banned: false });
    expect(await roleOf(target.id)).toEqual({ role: "user", banned: false });
    expect((await someone.client.get<{ plan: string }>("/api/subscription")).body.plan).toBe("trial");
    expect(await auditCount()).toBe(before);
  });

  it("closes Better Auth's own admin endpoints, which would bypass the rules and the audit log", async () => {
    const target = await person();
    const res = await superAdmin.client.post("/api/auth/admin/set-role", {
      userId: target.id,
      role: "admin",
    });
    expect(res.status).toBe(404);
    expect((await roleOf(target.id)).role).toBe("user");
  });

  it("reads the role afresh: a demoted admin is refused at once", async () => {
    const helper = await person();
    await superAdmin.client.request("PUT", `/api/admin/users/${helper.id}/role`, { json: { role: "admin" } });
    expect((await helper.client.get("/api/admin/users")).status).toBe(200);
    await superAdmin.client.request("PUT", `/api/admin/users/${helper.id}/role`, { json: { role: "user" } });
    expect((await helper.client.get("/api/admin/users")).status).toBe(403);
  });
});

describe("a role lookup that fails (spec section 8)", () => {
  /**
   * The check every admin use case starts with, in a small app with `lookup` injected: the signed-in person
   * says super_admin in their session, which must not count, and the logger writes to `lines`.
   */
  function guarded(lookup: RoleLookup) {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = new Hono<AppBindings>();
    app.use("*", async (c, next) => {
      c.set("log", log);
      c.set("user", {
        id: "user-1",
        email: "sue@example.com",
        name: "Sue",
        role: "super_admin",
        emailVerified: true,
      });
      await next();
    });
    app.get("/admin-only", async (c) => {
      const actor = await adminActor({
        db: db(),
        log: c.get("log"),
        person: requireUser(c),
        lookupRole: lookup,
      });
      return c.json({ role: actor.role });
    });
    app.onError(onError);
    return { call: () => app.request("/admin-only"), lines };
  }

  it("is logged and counts as not admin: 403, whatever the session says", async () => {
    const { call, lines } = guarded(async () => {
      throw new Error("connection to the database lost");
    });
    const res = await call();
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message: ADMINS_ONLY_MESSAGE } });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "admin role lookup failed; treated as not admin",
        err: expect.objectContaining({ message: "connection to the database lost" }),
      }),
    ]);
  });

  it("while a lookup that answers lets an administrator in, and logs nothing", async () => {
    const { call, lines } = guarded(async () => "admin");
    const res = await call();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ role: "admin" });
    expect(lines).toEqual([]);
  });
});

describe("GET /api/admin/users", () => {
  it("describes each person: plan, role, verified, 2FA, created, last active", async () => {
    const p = await person({ name: "Described Person" });
    const res = await admin.client.get<AdminUsersPage>(`/api/admin/users?q=${encodeURIComponent(p.email)}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    const [row] = await db().select().from(user).where(eq(user.id, p.id));
    const [latest] = await db()
      .select({ at: session.updatedAt })
      .from(session)
      .where(eq(session.userId, p.id))
      .orderBy(session.updatedAt);
    expect(res.body.items[0]).toEqual({
      id: p.id,
      name: "Described Person",
      email: p.email,
      role: "user",
      emailVerified: true,
      twoFactorEnabled: false,
      banned: false,
      banReason: null,
      plan: "trial",
      seats: null,
      trialEndsAt: expect.any(String),
      pendingDeletion: false,
      createdAt: row!.createdAt.toISOString(),
      lastActiveAt: latest!.at.toISOString(),
    });
  });

  it("shows a person who never signed in as unverified with no last activity", async () => {
    const data = userData({ name: "Never Signed In" });
    const signUp = await new TestClient(server.baseUrl).post("/api/auth/sign-up/email", data);
    expect(signUp.status).toBe(200);
    const res = await admin.client.get<AdminUsersPage>(
      `/api/admin/users?q=${encodeURIComponent(data.email)}`,
    );
    expect(res.body.items[0]).toMatchObject({ emailVerified: false, lastActiveAt: null, plan: "trial" });
  });

  it("searches names and emails, any case, and pages through the matches", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const byName = [];
    for (let i = 0; i < 3; i++) byName.push(await person({ name: `Searchable ${tag.toUpperCase()} ${i}` }));
    const byEmail = await person({ email: `${tag}-mail@example.com` });
    const ids = [...byName, byEmail].map((p) => p.id).sort();

    const all = await admin.client.get<AdminUsersPage>(`/api/admin/users?q=${tag}`);
    expect(all.body.total).toBe(4);
    expect(all.body.items.map((u) => u.id).sort()).toEqual(ids);

    const seen: string[] = [];
    for (const page of [1, 2]) {
      const res = await admin.client.get<AdminUsersPage>(`/api/admin/users?q=${tag}&page=${page}&pageSize=2`);
      expect(res.body).toMatchObject({ page, pageSize: 2, total: 4 });
      expect(res.body.items).toHaveLength(2);
      seen.push(...res.body.items.map((u) => u.id));
    }
    expect(seen.sort()).toEqual(ids);
    const beyond = await admin.client.get<AdminUsersPage>(`/api/admin/users?q=${tag}&page=3&pageSize=2`);
    expect(beyond.body).toMatchObject({ items: [], total: 4 });

    // Newest first, without a search too.
    const first = await admin.client.get<AdminUsersPage>("/api/admin/users?pageSize=1");
    expect(first.body.items[0]!.id).toBe(byEmail.id);
  });

  it("takes % and _ literally", async () => {
    for (const q of ["%", "_"]) {
      const res = await admin.client.get<AdminUsersPage>(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
    }
  });

  it("refuses bad queries with 400", async () => {
    const bad = [
      `q=${"a".repeat(201)}`,
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "pageSize=0",
      "pageSize=101",
      "sort=name",
    ];
    for (const query of bad) {
      const res = await admin.client.get<ErrorBody>(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    expect((await admin.client.get<ErrorBody>("/api/admin/users?q=Search%00")).status).toBe(400);
  });
});

describe("changing roles", () => {
  const setRole = (client: TestClient, id: string, role: unknown) =>
    client.request<AdminUser & ErrorBody>("PUT", `/api/admin/users/${id}/role`, { json: { role } });

  it("lets a super admin make a person admin, which /api/me shows, and writes the audit log", async () => {
    const p = await person();
    const res = await setRole(superAdmin.client, p.id, "admin");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, role: "admin" });
    expect((await p.client.get<Me>("/api/me")).body.role).toBe("admin");
    expect((await p.client.get<{ user: { role: string } }>("/api/auth/get-session")).body.user.role).toBe(
      "admin",
    );
    const entries = await auditFor(p.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: superAdmin.id,
      actorEmail: SUPER_EMAIL,
      action: "user.role_changed",
      targetEmail: p.email,
      details: { from: "user", to: "admin" },
    });
  });

  it("lets only a super admin grant or remove admin and super_admin", async () => {
    const p = await person();
    const otherAdmin = await person();
    await setRole(superAdmin.client, otherAdmin.id, "admin");
    const before = await auditCount();
    for (const [target, role] of [
      [p.id, "admin"],
      [p.id, "super_admin"],
      [otherAdmin.id, "user"],
      [superAdmin.id, "user"],
      [admin.id, "user"],
    ] as const) {
      const res = await setRole(admin.client, target, role);
      expect(res.status, `${target} -> ${role}`).toBe(403);
      expect(res.body.error.message).toBe(
        "Only a super admin can grant or remove the admin and super admin roles.",
      );
    }
    expect((await roleOf(p.id)).role).toBe("user");
    expect((await roleOf(otherAdmin.id)).role).toBe("admin");
    expect((await roleOf(admin.id)).role).toBe("admin");
    expect(await auditCount()).toBe(before);
    // The same role again changes nothing and writes nothing.
    expect((await setRole(admin.client, p.id, "user")).status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it("never demotes the last super admin", async () => {
    const before = await auditCount();
    const res = await setRole(superAdmin.client, superAdmin.id, "admin");
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "Kairo needs at least one super admin. Make someone else super admin first.",
    );
    expect((await roleOf(superAdmin.id)).role).toBe("super_admin");
    expect(await auditCount()).toBe(before);

    // With a second super admin, one may step down; the other is then the last one.
    const second = await person();
    expect((await setRole(superAdmin.client, second.id, "super_admin")).status).toBe(200);
    expect((await setRole(second.client, superAdmin.id, "admin")).status).toBe(200);
    expect((await setRole(second.client, second.id, "user")).status).toBe(409);
    expect((await roleOf(second.id)).role).toBe("super_admin");
    // Back as it was.
    expect((await setRole(second.client, superAdmin.id, "super_admin")).status).toBe(200);
    expect((await setRole(superAdmin.client, second.id, "user")).status).toBe(200);
    expect((await roleOf(superAdmin.id)).role).toBe("super_admin");
  });

  it("refuses an unknown role, a malformed body and unknown or malformed ids, with nothing changed", async () => {
    const p = await person();
    const before = await auditCount();
    for (const body of [{ role: "owner" }, { role: "ADMIN" }, { role: 1 }, {}, { role: "admin", extra: 1 }]) {
      const res = await superAdmin.client.request<ErrorBody>("PUT", `/api/admin/users/${p.id}/role`, {
        json: body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await setRole(superAdmin.client, "owner", "owner");
    expect(unknown.status).toBe(400);
    expect((await setRole(superAdmin.client, p.id, "owner")).body.error.message).toBe(
      "Unknown role. Choose one of: user, admin, super_admin.",
    );
    const broken = await superAdmin.client.request<ErrorBody>("PUT", `/api/admin/users/${p.id}/role`, {
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    for (const id of ["no-such-person", "bad%20id", "x".repeat(65)]) {
      const res = await setRole(superAdmin.client, id, "admin");
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe("Person not found.");
    }
    expect((await roleOf(p.id)).role).toBe("user");
    expect(await auditCount()).toBe(before);
  });
});

describe("ban and unban", () => {
  it("ends the person's sessions and blocks sign-in; unban lets them back in", async () => {
    const p = await person();
    expect((await p.client.get("/api/me")).status).toBe(200);

    const banned = await admin.client.post<AdminUser>(`/api/admin/users/${p.id}/ban`, { reason: "Spam" });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ banned: true, banReason: "Spam" });
    expect((await p.client.get("/api/me")).status).toBe(401);
    const [left] = await db().select({ n: count() }).from(session).where(eq(session.userId, p.id));
    expect(Number(left!.n)).toBe(0);

    const again = new TestClient(server.baseUrl);
    const refused = await again.post<{ code: string }>("/api/auth/sign-in/email", {
      email: p.email,
      password: p.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("BANNED_USER");
    expect(again.hasSessionCookie()).toBe(false);

    const unbanned = await admin.client.post<AdminUser>(`/api/admin/users/${p.id}/unban`, {});
    expect(unbanned.status).toBe(200);
    expect(unbanned.body).toMatchObject({ banned: false, banReason: null });
    const back = await again.post("/api/auth/sign-in/email", { email: p.email, password: p.password });
    expect(back.status).toBe(200);
    expect((await again.get("/api/me")).status).toBe(200);

    const actions = (await auditFor(p.id)).map((e) => [e.action, e.actorEmail, e.details]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["user.banned", ADMIN_EMAIL, { reason: "Spam" }],
        ["user.unbanned", ADMIN_EMAIL, { previousReason: "Spam" }],
      ]),
    );
    expect(actions).toHaveLength(2);
  });

  it("refuses self-bans, bans of administrators by an admin, and repeats, with nothing changed", async () => {
    const p = await person();
    const before = await auditCount();
    const self = await superAdmin.client.post<ErrorBody>(`/api/admin/users/${superAdmin.id}/ban`, {});
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe("You cannot ban yourself.");
    expect((await admin.client.post<ErrorBody>(`/api/admin/users/${admin.id}/ban`, {})).status).toBe(400);
    const ofSuper = await admin.client.post<ErrorBody>(`/api/admin/users/${superAdmin.id}/ban`, {});
    expect(ofSuper.status).toBe(403);
    expect((await roleOf(superAdmin.id)).banned).toBe(false);
    expect((await superAdmin.client.get("/api/me")).status).toBe(200);
    expect((await admin.client.post<ErrorBody>(`/api/admin/users/${p.id}/unban`, {})).status).toBe(409);
    const tooLong = await admin.client.post<ErrorBody>(`/api/admin/users/${p.id}/ban`, {
      reason: "r".repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect((await admin.client.post<ErrorBody>(`/api/admin/users/${p.id}/ban`, { reason: 5 })).status).toBe(
      400,
    );
    expect((await admin.client.post<ErrorBody>(`/api/admin/users/${p.id}/unban`, { x: 1 })).status).toBe(400);
    expect((await admin.client.post<ErrorBody>("/api/admin/users/nobody-here/ban", {})).status).toBe(404);
    expect((await roleOf(p.id)).banned).toBe(false);
    expect((await p.client.get("/api/me")).status).toBe(200);
    expect(await auditCount()).toBe(before);

    expect((await admin.client.post(`/api/admin/users/${p.id}/ban`, {})).status).toBe(200);
    expect((await admin.client.post<ErrorBody>(`/api/admin/users/${p.id}/ban`, {})).status).toBe(409);
    expect(await auditCount()).toBe(before + 1);
  });

  it("lets a super admin ban another super admin while one remains", async () => {
    const second = await person();
    await superAdmin.client.request("PUT", `/api/admin/users/${second.id}/role`, {
      json: { role: "super_admin" },
    });
    expect((await superAdmin.client.post(`/api/admin/users/${second.id}/ban`, {})).status).toBe(200);
    expect((await second.client.get("/api/admin/users")).status).toBe(401);
    expect((await superAdmin.client.post(`/api/admin/users/${second.id}/unban`, {})).status).toBe(200);
    await superAdmin.client.request("PUT", `/api/admin/users/${second.id}/role`, { json: { role: "user" } });
  });
});

describe("plan override", () => {
  const override = (id: string, body: unknown) =>
    admin.client.request<AdminUser & ErrorBody>("PUT", `/api/admin/users/${id}/plan`, { json: body });
  const subscriptionOf = async (p: Person) =>
    (await p.client.get<{ plan: string; trialEndsAt: string | null }>("/api/subscription")).body;

  it("changes what GET /api/subscription answers for that person, and records it as admin-made", async () => {
    const p = await person();
    expect((await subscriptionOf(p)).plan).toBe("trial");

    expect((await override(p.id, { plan: "pro" })).body.plan).toBe("pro");
    expect((await subscriptionOf(p)).plan).toBe("pro");

    const team = await override(p.id, { plan: "team", seats: 7 });
    expect(team.body).toMatchObject({ plan: "team", seats: 7 });
    expect((await subscriptionOf(p)).plan).toBe("team");
    // The Team plan comes with the team it pays for.
    expect((await p.client.get<{ team: { seats?: number } | null }>("/api/team")).body.team).not.toBeNull();

    const end = new Date(Date.now() + 3 * DAY_MS);
    end.setMilliseconds(0);
    expect((await override(p.id, { plan: "trial", trialEndsAt: end.toISOString() })).status).toBe(200);
    expect(await subscriptionOf(p)).toMatchObject({ plan: "trial", trialEndsAt: end.toISOString() });

    expect((await override(p.id, { plan: "free" })).body.plan).toBe("free");
    expect((await subscriptionOf(p)).plan).toBe("free");

    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, p.id));
    expect(row!.provider).toBe("local");
    const entries = (await auditFor(p.id)).filter((e) => e.action === "user.plan_overridden");
    expect(entries.map((e) => e.details.plan).sort()).toEqual(["free", "pro", "team", "trial"]);
    for (const e of entries) {
      expect(e.actorEmail).toBe(ADMIN_EMAIL);
      expect(e.details).toMatchObject({ source: "admin override", provider: "local" });
    }
  });

  it("refuses plans and dates that make no sense, with nothing changed", async () => {
    const p = await person();
    const before = await auditCount();
    const bad = [
      { plan: "elite" },
      { plan: "gold" },
      {},
      { plan: "team" },
      { plan: "team", seats: 1 },
      { plan: "team", seats: 101 },
      { plan: "team", seats: 2.5 },
      { plan: "trial" },
      { plan: "trial", trialEndsAt: "tomorrow" },
      { plan: "trial", trialEndsAt: new Date(Date.now() - DAY_MS).toISOString() },
      { plan: "trial", trialEndsAt: new Date(Date.now() + 400 * DAY_MS).toISOString() },
      { plan: "pro", seats: 3 },
    ];
    for (const body of bad) {
      const res = await override(p.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    expect((await override("missing-person", { plan: "pro" })).status).toBe(404);
    expect((await subscriptionOf(p)).plan).toBe("trial");
    expect(await auditCount()).toBe(before);
  });
});

describe("the overview figures", () => {
  it("counts sign-ups per day, active people, paying subscriptions and monthly revenue from the rows", async () => {
    const now = new Date("2040-03-15T12:00:00Z");
    const before = await superAdmin.client.get<AdminStats>("/api/admin/stats");

    const people = [];
    for (let i = 0; i < 5; i++) people.push(await person());
    const [today, twoWeeksA, twoWeeksB, tooOld, future] = people as [Person, Person, Person, Person, Person];
    const setCreated = (p: Person, at: string) =>
      db()
        .update(user)
        .set({ createdAt: new Date(at) })
        .where(eq(user.id, p.id));
    await setCreated(today, "2040-03-15T01:00:00Z");
    await setCreated(twoWeeksA, "2040-03-01T00:00:00Z");
    await setCreated(twoWeeksB, "2040-03-01T23:59:59Z");
    await setCreated(tooOld, "2040-02-14T23:59:59Z");
    await setCreated(future, "2040-03-16T00:00:00Z");
    // A session's last use: created or renewed then, or its recorded last activity.
    const setActive = (p: Person, at: string, lastActiveAt: string | null = null) =>
      db()
        .update(session)
        .set({
          createdAt: new Date(at),
          updatedAt: new Date(at),
          lastActiveAt: lastActiveAt ? new Date(lastActiveAt) : null,
        })
        .where(eq(session.userId, p.id));
    await setActive(today, "2040-03-15T11:00:00Z");
    await setActive(twoWeeksA, "2040-03-08T12:00:01Z");
    await setActive(twoWeeksB, "2040-03-08T11:59:59Z");
    // Signed in long ago, but used yesterday.
    await setActive(tooOld, "2040-01-01T00:00:00Z", "2040-03-14T09:00:00Z");

    // Paying (a payment provider holds the subscription): pro monthly $12, pro yearly $9.60, team of 5
    // yearly $40, team of 3 monthly $30. Not paying: a trial, a cancelled team, a past-due pro, and
    // a Team plan an administrator gave by hand.
    const setSub = (p: Person, values: Partial<typeof subscriptions.$inferInsert>) =>
      db().update(subscriptions).set(values).where(eq(subscriptions.userId, p.id));
    const paid = (p: Person) => ({ providerSubscriptionId: `local_sub_${p.id}` });
    const extra = [];
    for (let i = 0; i < 3; i++) extra.push(await person());
    await setSub(today, { planId: "pro", status: "active", billingInterval: "month", ...paid(today) });
    await setSub(twoWeeksA, { planId: "pro", status: "active", billingInterval: "year", ...paid(twoWeeksA) });
    await setSub(twoWeeksB, {
      planId: "team",
      status: "active",
      billingInterval: "year",
      seats: 5,
      ...paid(twoWeeksB),
    });
    await setSub(tooOld, {
      planId: "team",
      status: "active",
      billingInterval: "month",
      seats: 3,
      ...paid(tooOld),
    });
    await setSub(future, { planId: "trial", status: "trialing" });
    await setSub(extra[0]!, { planId: "team", status: "canceled", seats: 4, ...paid(extra[0]!) });
    await setSub(extra[1]!, { planId: "pro", status: "past_due", ...paid(extra[1]!) });
    const given = await superAdmin.client.request("PUT", `/api/admin/users/${extra[2]!.id}/plan`, {
      json: { plan: "team", seats: 8 },
    });
    expect(given.status).toBe(200);

    server.clock.set(now);
    try {
      const res = await superAdmin.client.get<AdminStats>("/api/admin/stats");
      expect(res.status).toBe(200);
      const stats = res.body;
      expect(stats.signupsPerDay).toHaveLength(30);
      expect(stats.signupsPerDay[0]!.date).toBe("2040-02-15");
      expect(stats.signupsPerDay.at(-1)).toEqual({ date: "2040-03-15", count: 1 });
      expect(stats.signupsPerDay.find((d) => d.date === "2040-03-01")).toEqual({
        date: "2040-03-01",
        count: 2,
      });
      expect(stats.signupsPerDay.reduce((s, d) => s + d.count, 0)).toBe(3);
      // today, twoWeeksA, tooOld by its last activity, and the super admin asking now.
      expect(stats.activeUsers).toBe(4);
      const [all] = await db().select({ n: count() }).from(user);
      expect(stats.totalUsers).toBe(Number(all!.n));
      expect(stats.payingSubscriptions - before.body.payingSubscriptions).toBe(4);
      expect(stats.monthlyRevenue - before.body.monthlyRevenue).toBeCloseTo(12 + 9.6 + 40 + 30, 2);
    } finally {
      server.clock.reset();
    }
  });
});

describe("the read-only lists", () => {
  it("shows the mail outbox, newest first", async () => {
    const p = await person();
    const res = await admin.client.get<AdminMail>("/api/admin/mail");
    expect(res.body.transport).toBe("outbox");
    expect(res.body.messages[0]).toMatchObject({ to: p.email, subject: expect.stringMatching(/verify/i) });
    // The verification link would let the admin act as the person: it is hidden, the rest is kept.
    const sent = server.outbox.list().find((m) => m.to === p.email)!;
    expect(sent.text).toContain("verify-email");
    expect(res.body.messages[0]!.text).not.toMatch(/https?:\/\/|verify-email|token/);
    expect(res.body.messages[0]!.text).toContain("[link hidden]");
    expect(res.body.messages[0]!.text).toContain(sent.text.split("\n")[0]!);
  });

  it("lists client error reports newest first, paged, with the reporter", async () => {
    const p = await person();
    const start = new Date("2041-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++) {
      server.clock.set(new Date(start.getTime() + i * 60_000));
      const sent = await p.client.post("/api/client-errors", {
        message: `Broken widget ${i}`,
        url: "/dashboard",
      });
      expect(sent.status).toBe(201);
    }
    server.clock.reset();
    const first = await admin.client.get<AdminErrorReportsPage>("/api/admin/error-reports?pageSize=2");
    expect(first.body.items.map((r) => r.message)).toEqual(["Broken widget 2", "Broken widget 1"]);
    expect(first.body.items[0]).toMatchObject({ userId: p.id, userEmail: p.email, url: "/dashboard" });
    const [total] = await db().select({ n: count() }).from(clientErrorReports);
    expect(first.body.total).toBe(Number(total!.n));
    const second = await admin.client.get<AdminErrorReportsPage>(
      "/api/admin/error-reports?pageSize=2&page=2",
    );
    expect(second.body.items[0]!.message).toBe("Broken widget 0");
    expect((await admin.client.get("/api/admin/error-reports?page=zero")).status).toBe(400);
  });

  it("lists pending account deletions, and an account being deleted cannot be unbanned", async () => {
    const p = await person();
    const deleted = await p.client.post("/api/account/delete", { password: p.password });
    expect(deleted.status).toBe(200);
    const res = await admin.client.get<AdminDeletionsPage>("/api/admin/deletions?pageSize=100");
    const entry = res.body.items.find((d) => d.userId === p.id);
    const [row] = await db().select().from(accountDeletions).where(eq(accountDeletions.userId, p.id));
    expect(entry).toEqual({
      userId: p.id,
      email: p.email,
      requestedAt: row!.requestedAt.toISOString(),
      purgeAfter: row!.purgeAfter.toISOString(),
    });
    const users = await admin.client.get<AdminUsersPage>(`/api/admin/users?q=${encodeURIComponent(p.email)}`);
    expect(users.body.items[0]).toMatchObject({ pendingDeletion: true, banned: true });
    const unban = await admin.client.post<ErrorBody>(`/api/admin/users/${p.id}/unban`, {});
    expect(unban.status).toBe(409);
    expect((await roleOf(p.id)).banned).toBe(true);
  });

  it("shows the audit log newest first, paged", async () => {
    const p = await person();
    // Later than anything else in this file, a minute apart.
    server.clock.set("2045-01-01T00:00:00Z");
    await superAdmin.client.request("PUT", `/api/admin/users/${p.id}/role`, { json: { role: "admin" } });
    server.clock.advance(60_000);
    await superAdmin.client.post(`/api/admin/users/${p.id}/ban`, { reason: "Test" });
    server.clock.reset();
    const res = await admin.client.get<AdminAuditPage>("/api/admin/audit-log?pageSize=2");
    expect(res.status).toBe(200);
    expect(res.body.items.map((e) => [e.action, e.targetUserId])).toEqual([
      ["user.banned", p.id],
      ["user.role_changed", p.id],
    ]);
    expect(res.body.items[0]).toMatchObject({
      actorEmail: SUPER_EMAIL,
      targetEmail: p.email,
      details: { reason: "Test" },
    });
    expect(res.body.items[0]!.createdAt).toBe("2045-01-01T00:01:00.000Z");
    expect(res.body.total).toBe(await auditCount());
  });
});
